import HTTPTypes

/// Sends one request and returns its response and body, whatever the status: the
/// AsyncHTTPClient and URLSession adapters, and the tests' scripted stubs.
///
/// Shaped like swift-openapi-runtime's `ClientTransport`: swift-http-types' request and
/// response, the body beside them. The base URL is the adapter's own (it was made for
/// one backend), so a request carries only its target, in `path`. An empty body is `[]`.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest, body: [UInt8]?) async throws(TransportError) -> (HTTPResponse, [UInt8])
    /// Lets go of the connections it keeps; called once, when the process is done with
    /// the network. A transport that keeps none does nothing.
    func shutdown() async
}
