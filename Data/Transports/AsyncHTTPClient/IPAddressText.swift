import NIOCore

/// Whether a host is written as an IP address: such a host is not sent as the TLS
/// server name (SNI carries names only) and is matched against the certificate's IP entries.
enum IPAddressText {
    static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}
