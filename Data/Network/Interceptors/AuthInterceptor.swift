import HTTPTypes

/// Adds `Authorization: Bearer` to requests that need it. On a 401 it renews the
/// session once (single-flight, through `TokenRefresher`) and replays the request
/// once with the new token; a second 401 goes back to the caller, so it never loops.
public struct AuthInterceptor: HTTPInterceptor {
    private let sessions: any SessionStore
    private let refresher: TokenRefresher

    public init(sessions: any SessionStore, refresher: TokenRefresher) {
        self.sessions = sessions
        self.refresher = refresher
    }

    public func intercept(
        _ request: HTTPRequest,
        body: [UInt8]?,
        context: ExchangeContext,
        next: @escaping HTTPHandler
    ) async throws(NetworkError) -> (HTTPResponse, [UInt8]) {
        guard context.requiresAuthentication else {
            return try await next(request, body)
        }
        guard let session = try await sessions.sessionForRequest() else { throw .notSignedIn }

        let (response, responseBody) = try await next(Self.authorize(request, with: session.accessToken), body)
        guard response.status == .unauthorized else { return (response, responseBody) }

        let renewed = try await refresher.renewedSession(replacing: session.accessToken, using: next)
        return try await next(Self.authorize(request, with: renewed.accessToken), body)
    }

    private static func authorize(_ request: HTTPRequest, with accessToken: String) -> HTTPRequest {
        var authorized = request
        authorized.headerFields[.authorization] = "Bearer \(accessToken)"
        return authorized
    }
}

extension SessionStore {
    /// The stored session for a request on its way out: a storage failure becomes the
    /// chain's error, so interceptors need not translate it each time.
    func sessionForRequest() async throws(NetworkError) -> Session? {
        do {
            return try await load()
        } catch {
            throw .sessionStorage(reason: error.description)
        }
    }
}
