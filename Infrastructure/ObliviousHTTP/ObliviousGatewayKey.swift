/// A gateway key: the configuration it publishes and the private key that opens it.
public struct ObliviousGatewayKey: Sendable {
    public let configuration: ObliviousKeyConfiguration
    public let privateKey: X25519PrivateKey

    public init(configuration: ObliviousKeyConfiguration, privateKey: X25519PrivateKey) {
        self.configuration = configuration
        self.privateKey = privateKey
    }
}
