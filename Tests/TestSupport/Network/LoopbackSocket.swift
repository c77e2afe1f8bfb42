import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket on a loopback address (127.0.0.1 unless named): bound on a port the
/// kernel picks, listening or not (the ground both loopback test servers stand on), or
/// connected to one. All of 127.0.0.0/8 is this machine's, so a second address (a relay
/// on 127.0.0.2) is a second host as the server it talks to sees it.
public enum LoopbackSocket {
    /// The address every test server listens on unless told otherwise.
    public static let defaultAddress = "127.0.0.1"

    /// Every byte `socket` gives until the peer closes it (or it fails).
    public static func readToEnd(_ socket: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &chunk, chunk.count, 0)
            if count <= 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// A blocking socket connected to `port` on 127.0.0.1, sent from the loopback address
    /// `source` (the kernel's choice, 127.0.0.1, when nil); the caller closes it.
    public static func connect(to port: UInt16, from source: String? = nil) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        if let source, !call(socket, address(source, port: 0), Glibc.bind) {
            close(socket)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        guard call(socket, address(defaultAddress, port: port), Glibc.connect) else {
            close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
        return socket
    }

    /// An IPv4 socket address: `host` (dotted) and `port`.
    private static func address(_ host: String, port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }

    /// Whether `function` (`bind`, `connect`) succeeded on `socket` with `address`.
    private static func call(
        _ socket: Int32, _ address: sockaddr_in, _ function: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Bool {
        var address = address
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                function(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// The socket and its port on the loopback address `host`; the caller owns (and closes)
    /// the socket.
    static func bind(listening: Bool, on host: String = defaultAddress) throws -> (socket: Int32, port: UInt16) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        var address = address(host, port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                Glibc.bind(socket, socketAddress, length) == 0
                    && (!listening || listen(socket, 16) == 0)
                    && getsockname(socket, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        return (socket, UInt16(bigEndian: address.sin_port))
    }

    /// Waits for the next connection to `listener`; the connected socket (negative on
    /// failure, with `errno`) and the address it came from.
    static func accept(_ listener: Int32) -> (socket: Int32, peer: String) {
        var peer = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let socket = withUnsafeMutablePointer(to: &peer) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &length) }
        }
        guard socket >= 0 else { return (socket, "") }
        return (socket, String(cString: inet_ntoa(peer.sin_addr)))
    }
}
