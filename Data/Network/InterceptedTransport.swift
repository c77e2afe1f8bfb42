/// A transport that runs each request through interceptors, first to last, and then
/// through the wrapped transport. The order is the composition's decision, e.g.
/// logging → auth → retry → payload sealing → transport (see `StoreClientChain`).
public struct InterceptedTransport: HTTPTransport {
    private let interceptors: [any HTTPInterceptor]
    private let transport: any HTTPTransport

    public init(interceptors: [any HTTPInterceptor], transport: any HTTPTransport) {
        self.interceptors = interceptors
        self.transport = transport
    }

    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        try await send(request, from: 0)
    }

    /// Hands the request to interceptor `index`, whose `next` is the chain after it.
    private func send(_ request: HTTPRequest, from index: Int) async throws(NetworkError) -> HTTPResponse {
        guard index < interceptors.count else {
            return try await transport.send(request)
        }
        let next: HTTPHandler = { request async throws(NetworkError) in
            try await send(request, from: index + 1)
        }
        return try await interceptors[index].intercept(request, next: next)
    }
}
