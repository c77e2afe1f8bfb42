import HTTPTypes
import Infrastructure
import Logging

/// The store's HTTP client: runs each request through interceptors, first to last, and
/// then through the adapter, whose `TransportError` becomes the chain's `NetworkError`
/// there. The store's order, and why, is `storeChain` below.
public struct InterceptedTransport: Sendable {
    /// Internal rather than private so a test can read the order the documents state.
    let interceptors: [any HTTPInterceptor]
    private let transport: any HTTPTransport

    public init(interceptors: [any HTTPInterceptor], transport: any HTTPTransport) {
        self.interceptors = interceptors
        self.transport = transport
    }

    /// One exchange through the whole chain; `context` is this exchange's alone.
    public func send(
        _ request: HTTPRequest,
        body: [UInt8]? = nil,
        context: ExchangeContext = ExchangeContext()
    ) async throws(NetworkError) -> HTTPAnswer {
        try await send(request, body: body, context: context, from: 0)
    }

    /// Lets go of the transport's connections, once, when the process is done with the network.
    public func shutdown() async {
        await transport.shutdown()
    }

    /// Hands the request to interceptor `index`, whose `next` is the chain after it.
    private func send(
        _ request: HTTPRequest,
        body: [UInt8]?,
        context: ExchangeContext,
        from index: Int
    ) async throws(NetworkError) -> HTTPAnswer {
        guard index < interceptors.count else {
            do {
                let (response, responseBody) = try await transport.send(request, body: body)
                return HTTPAnswer(response: response, body: responseBody)
            } catch {
                throw .transport(error)
            }
        }
        let next: HTTPHandler = { request, body async throws(NetworkError) in
            try await send(request, body: body, context: context, from: index + 1)
        }
        return try await interceptors[index].intercept(request, body: body, context: context, next: next)
    }
}

extension InterceptedTransport {
    /// The chain every store request goes through, built in one place so the App and
    /// the benchmark run the same order: auth → retry → base path → Oblivious HTTP →
    /// adapter.
    ///
    /// Auth sits outside the retry, so a refresh (a POST, with a single-use token) is
    /// never repeated: were retry outside, a GET whose refresh failed mid-flight would be
    /// retried, get 401 again and spend the refresh token a second time. Oblivious HTTP
    /// sits innermost, so the bearer token, the refresh call and every retry travel
    /// inside an encapsulation, and a retried request is encapsulated afresh. The one
    /// `--verbose` line per exchange is written above the chain, by `StoreClient`, the
    /// only place that knows both what the network did and what the cache did with it;
    /// the refresh, which no client call makes, writes its own. The adapter is the only
    /// piece that knows which HTTP stack is underneath.
    public static func storeChain(
        adapter: any HTTPTransport,
        sessions: any SessionStore,
        oblivious: ObliviousHTTPInterceptor?,
        logger: Logger,
        sleeper: any Sleeper = ContinuousSleeper(),
        clock: any WallClock = SystemWallClock(),
        basePath: String = "",
        retry: RetryInterceptor.Policy = RetryInterceptor.Policy(),
        announceWait: @escaping @Sendable (Duration) -> Void = { _ in }
    ) -> InterceptedTransport {
        var interceptors: [any HTTPInterceptor] = [
            AuthInterceptor(sessions: sessions, refresher: TokenRefresher(sessions: sessions, logger: logger)),
            RetryInterceptor(policy: retry, sleeper: sleeper, clock: clock, announceWait: announceWait),
        ]
        if !basePath.isEmpty {
            interceptors.append(BasePathInterceptor(basePath: basePath))
        }
        if let oblivious {
            interceptors.append(oblivious)
        }
        return InterceptedTransport(interceptors: interceptors, transport: adapter)
    }
}

/// The rest of the chain, as an interceptor sees it: call it zero, one or more times.
public typealias HTTPHandler = @Sendable (HTTPRequest, [UInt8]?) async throws(NetworkError) -> HTTPAnswer

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
    ) async throws(NetworkError) -> HTTPAnswer
}

/// What one exchange carries beside its HTTP request, as swift-openapi-runtime's
/// operation ID does: what the chain needs to know that HTTP does not say. One per
/// exchange, made by the store client; a value, so no link can change it for another.
public struct ExchangeContext: Sendable {
    /// Whether the auth interceptor must add the bearer token (and renew it on a 401).
    public let requiresAuthentication: Bool

    public init(requiresAuthentication: Bool = false) {
        self.requiresAuthentication = requiresAuthentication
    }
}

/// What comes back up the chain: the response, its body, and which try of the request
/// answered. What a link learns about the exchange travels back in the answer, as the
/// response does, rather than through a shared object the caller reads afterwards.
public struct HTTPAnswer: Sendable {
    public var response: HTTPResponse
    public var body: [UInt8]
    /// 1 unless the retry interceptor had to try again; the `--verbose` line says so.
    public var attempt: Int

    public init(response: HTTPResponse, body: [UInt8], attempt: Int = 1) {
        self.response = response
        self.body = body
        self.attempt = attempt
    }
}
