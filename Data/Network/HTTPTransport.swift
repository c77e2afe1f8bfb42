/// Sends one request and returns its response, whatever the status.
///
/// The URLSession transport, the interceptor chain and the tests' scripted stubs all
/// conform, so every layer of the chain can be replaced by a fake in a test.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse
}
