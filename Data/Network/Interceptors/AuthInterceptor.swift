#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Infrastructure
import Logging

// Bearer authentication with a single-flight refresh, in one file: the interceptor adds
// the token and, on a 401, asks the refresher below, whose only caller it is.

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
    ) async throws(NetworkError) -> HTTPAnswer {
        guard context.requiresAuthentication else {
            return try await next(request, body)
        }
        guard let session = try await sessions.sessionForRequest() else { throw .notSignedIn }

        let answer = try await next(Self.authorize(request, with: session.accessToken), body)
        guard case .reauthenticate = AnswerMeaning(status: answer.response.status.code, retryAfter: nil) else { return answer }

        let renewed = try await refresher.renewedSession(replacing: session.accessToken, using: next)
        return try await next(Self.authorize(request, with: renewed.accessToken), body)
    }

    private static func authorize(_ request: HTTPRequest, with accessToken: String) -> HTTPRequest {
        var authorized = request
        authorized.headerFields[.authorization] = "Bearer \(accessToken)"
        return authorized
    }
}

/// Renews the session after a 401, at most once at a time: when twenty requests are
/// rejected together, one refresh call is made and all twenty wait for its result.
///
/// An actor, so the check "is a refresh already running?" and the start of one cannot
/// interleave. The refresh runs in a task of its own, so one caller giving up (being
/// cancelled) does not cancel the renewal the others are waiting for.
public actor TokenRefresher {
    private let sessions: any SessionStore
    /// The refresh is made inside the chain, where no `--verbose` line is written for
    /// it (`StoreClient` writes those), so it says its own.
    private let logger: Logger
    private var inFlight: Task<Session, any Error>?

    public init(sessions: any SessionStore, logger: Logger = .silent) {
        self.sessions = sessions
        self.logger = logger
    }

    /// A session whose access token is not `rejectedToken`: the one already stored if
    /// another request (or process) renewed it meanwhile, else a freshly refreshed one.
    /// `next` is the chain below the auth interceptor (sealing and transport).
    func renewedSession(replacing rejectedToken: String, using next: @escaping HTTPHandler) async throws(NetworkError) -> Session {
        let task: Task<Session, any Error>
        if let inFlight {
            task = inFlight
        } else {
            // Started before any suspension point, so no second caller can slip in.
            task = Task { [sessions, logger] in
                try await Self.renew(replacing: rejectedToken, sessions: sessions, logger: logger, next: next)
            }
            inFlight = task
        }
        let result = await task.result
        if inFlight == task {
            inFlight = nil
        }
        switch result {
        case .success(let session):
            return session
        case .failure(let error as NetworkError):
            throw error
        case .failure(let error):
            throw .transport(.unreachable(reason: String(describing: error)))
        }
    }

    /// Read → refresh → save under the store's lock, so that of all the processes on
    /// one data folder holding the same expired token, exactly one refreshes and the
    /// others find its renewed session when their turn comes.
    private static func renew(
        replacing rejectedToken: String,
        sessions: any SessionStore,
        logger: Logger,
        next: @escaping HTTPHandler
    ) async throws(NetworkError) -> Session {
        let lock: any SessionLock
        do {
            lock = try await sessions.lockExclusively()
        } catch {
            throw .sessionStore(error)
        }
        defer { lock.release() }
        let current = try await sessions.sessionForRequest()
        // Gone: a refresh that was refused a moment ago cleared it.
        guard let current else { throw .sessionExpired }
        // Already renewed, here or by another process, while this one waited.
        guard current.accessToken == rejectedToken else { return current }

        let clock = ContinuousClock()
        let start = clock.now
        let refresh = try StoreEndpoints.refresh(renewing: current)
        let answer = try await next(refresh.request, refresh.body)
        let status = answer.response.status.code
        logger.debug("POST /auth/refresh \(status) \((clock.now - start).wholeMilliseconds) ms (renewing the session)")
        // How long a busy backend asked to wait does not matter here: either way the
        // session is kept for a later try.
        switch AnswerMeaning(status: status, retryAfter: nil) {
        case .success:
            return try await save(answer.body, answering: refresh, in: sessions)
        case .reauthenticate, .forbidden:
            // The status decides, sealed or not: a refusal need not carry a body that
            // opens (CLI.md, "What every command does alike"). What this gives a stranger
            // on the path is a sign-out, which cutting the connection gives them anyway; never a token.
            // PROTOCOL.md: the refresh token is refused, the session is over. Cleared
            // only if it still holds the token that was refused (compare-and-clear):
            // a login that happened meanwhile is not undone.
            if let stored = try? await sessions.load(), stored.refreshToken == current.refreshToken {
                try? await sessions.clear()
            }
            throw .sessionExpired
        case .askedToWait, .unavailable, .serverFailed:
            // Busy or failing, not refusing: the session is kept for a later try.
            throw .refreshUnavailable(status: status)
        case .notModified, .redirect, .unexpected, .refused:
            // Not an answer PROTOCOL.md gives to a refresh; nothing to end a session over.
            throw .refreshMisanswered(reason: "the refresh was answered \(status)")
        }
    }

    /// The session `body` renews, kept: `refresh` says what the body is.
    private static func save(
        _ body: [UInt8],
        answering refresh: StoreEndpoints.Call<RefreshResponseDTO, Session>,
        in sessions: any SessionStore
    ) async throws(NetworkError) -> Session {
        guard let tokens = try? refresh.decode(body) else {
            throw .refreshMisanswered(reason: "the refresh answer is not the expected JSON")
        }
        guard let renewed = try? refresh.toDomain(tokens) else {
            throw .refreshMisanswered(reason: Session.tokenRule)
        }
        // Stored before anyone replays: the old refresh token is spent (rotation), so
        // losing the new one would end the session at the next expiry.
        do {
            try await sessions.save(renewed)
        } catch {
            throw .sessionStore(error)
        }
        return renewed
    }
}

extension SessionStore {
    /// The stored session for a request on its way out: a storage failure becomes the
    /// chain's error, so the interceptor need not translate it each time.
    fileprivate func sessionForRequest() async throws(NetworkError) -> Session? {
        do {
            return try await load()
        } catch {
            throw .sessionStore(error)
        }
    }
}
