/// A request the gateway opened.
public struct ObliviousOpenedRequest: Sendable {
    /// The Binary HTTP request.
    public let request: [UInt8]
    public let keyID: UInt8
    /// `enc`: fresh for every request a client makes, so a repeat of it is a replay.
    public let encapsulatedKey: [UInt8]
    public let response: ObliviousResponseSealer
}
