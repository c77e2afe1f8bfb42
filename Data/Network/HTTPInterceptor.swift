/// The rest of the chain, as an interceptor sees it: call it zero, one or more times.
public typealias HTTPHandler = @Sendable (HTTPRequest) async throws(NetworkError) -> HTTPResponse

/// One link of the chain: it sees the request on its way out and the response on its
/// way back, and may change either, answer by itself, or call `next` more than once.
public protocol HTTPInterceptor: Sendable {
    func intercept(_ request: HTTPRequest, next: @escaping HTTPHandler) async throws(NetworkError) -> HTTPResponse
}
