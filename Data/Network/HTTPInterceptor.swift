import HTTPTypes

/// The rest of the chain, as an interceptor sees it: call it zero, one or more times.
public typealias HTTPHandler = @Sendable (HTTPRequest, [UInt8]?) async throws(NetworkError) -> (HTTPResponse, [UInt8])

/// One link of the chain: it sees the request on its way out and the response on its
/// way back, and may change either, answer by itself, or call `next` more than once.
///
/// Shaped like swift-openapi-runtime's `ClientMiddleware` (request, body, next), with
/// the exchange's `context` where that has the operation ID.
public protocol HTTPInterceptor: Sendable {
    func intercept(
        _ request: HTTPRequest,
        body: [UInt8]?,
        context: ExchangeContext,
        next: @escaping HTTPHandler
    ) async throws(NetworkError) -> (HTTPResponse, [UInt8])
}
