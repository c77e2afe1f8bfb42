import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// What an answer means to this client, decided in one place (RFC 9110 §15): the retry,
/// the auth interceptor, the refresh, the adapters and the store client each act on a
/// meaning, and none reads a status of its own.
public enum AnswerMeaning: Sendable {
    /// 2xx: the answer asked for.
    case success
    /// 304: the kept answer a conditional request named may be renewed (`CachePolicy`
    /// decides whether it is).
    case notModified
    /// Any other 3xx: never followed (CLI.md); the adapters refuse it.
    case redirect
    /// 401: the credentials were refused. A request renews the session once and is
    /// replayed; a login was wrong.
    case reauthenticate
    /// 403: refused, however often it is asked.
    case forbidden
    /// 429, or 503 with `Retry-After`: asked to wait, this long when it said (§10.2.3).
    case askedToWait(Duration?)
    /// 502, 503 (without `Retry-After`) or 504: a gateway or server that could not
    /// answer this time. Tried again, and still failing, as good as unreachable.
    case unavailable
    /// Any other 5xx: the backend failed on its own.
    case serverFailed
    /// 1xx: not a final answer, which no request of this client expects.
    case unexpected
    /// Any other status: a refusal (4xx).
    case refused
}

extension AnswerMeaning {
    /// What `status` means, with the wait its `Retry-After` named: one fixed function,
    /// so what the retry tries again and what the store client then calls unreachable
    /// are the same statuses by construction, not by handing one value around.
    public init(status: Int, retryAfter: Duration?) {
        self = switch status {
        case 200...299: .success
        case 304: .notModified
        case 300...399: .redirect
        case 401: .reauthenticate
        case 403: .forbidden
        case 429: .askedToWait(retryAfter)
        // A 503 that says how long is a wait asked for; one that does not, an outage.
        case 503 where retryAfter != nil: .askedToWait(retryAfter)
        case 502, 503, 504: .unavailable
        case 500...599: .serverFailed
        case ...199: .unexpected
        default: .refused
        }
    }

    /// What `response` means, its `Retry-After` read against `now`.
    public init(of response: HTTPResponse, now: Date) {
        self.init(status: response.status.code, retryAfter: RetryAfter.delay(from: response.headerFields[.retryAfter], now: now))
    }
}

/// Turns a failed exchange into the domain's vocabulary, in one step: what the chain
/// threw (`NetworkError`) or what the answer meant. The same status means different
/// things by endpoint (a 400 at login is wrong credentials, elsewhere a bug), so the
/// caller says which kind of request failed.
enum StoreErrorMapping {
    enum RequestKind {
        case logIn
        case authenticated
    }

    /// An answer other than 2xx (after the interceptors had their turn: a 401 here was
    /// already refreshed once, a 503 already retried, an asked wait already waited), with
    /// the server's `message`, the wait its `Retry-After` named, and what it means.
    static func storeError(status: Int, message: String?, retryAfter: Duration?, in kind: RequestKind) -> StoreError {
        switch (AnswerMeaning(status: status, retryAfter: retryAfter), status, kind) {
        case (_, 400, .logIn), (.reauthenticate, _, .logIn):
            // The client always sends both fields, so a 400 can only mean they are wrong,
            // whatever its body says (a sealed server's 400 may not even open).
            .invalidCredentials
        case (.reauthenticate, _, .authenticated):
            // The auth interceptor already refreshed once and replayed; still 401.
            .sessionExpired
        case (_, 404, _):
            .notFound
        case (_, 413, _):
            .requestTooLarge
        case (.askedToWait(let wait), _, _):
            // Asked to wait longer than a command waits, or again after waiting once.
            .rateLimited(retryAfter: wait)
        case (.unavailable, _, _):
            // Still failing after the retries: as good as absent, so the cache may stand in.
            .offline
        case (.serverFailed, _, _):
            .storeFailed(Diagnostic(String(status), theirWords: message))
        case (.unexpected, _, _), (.notModified, _, _), (.redirect, _, _):
            // Not a final status (a 101 nobody asked for), a 304 to a request that asked
            // nothing, or a redirect (those were refused earlier). A status outside
            // `ResponseHead.httpStatuses` never gets here: the adapters refuse it.
            .unusableResponse(Diagnostic("the store answered with status \(status), which no request of this client expects"))
        case (.success, _, _), (.forbidden, _, _), (.refused, _, _):
            .unexpected(Diagnostic("HTTP \(status)", theirWords: message))
        }
    }

    /// A response other than 2xx as the `StoreError` it means, with the server's
    /// `message` read from its body and the wait its `Retry-After` names.
    static func storeError(
        for response: HTTPResponse, body: [UInt8], in kind: RequestKind, now: Date
    ) -> StoreError {
        let message = try? JSONDecoder().decode(ErrorBodyDTO.self, from: Data(body)).message
        let retryAfter = RetryAfter.delay(from: response.headerFields[.retryAfter], now: now)
        return storeError(status: response.status.code, message: message, retryAfter: retryAfter, in: kind)
    }

    /// What the chain threw: the transport's failures as below, a refresh the backend
    /// could not answer as `offline` too, a session or Oblivious HTTP failure as what it means.
    static func storeError(for error: NetworkError) -> StoreError {
        switch error {
        case .transport(let error):
            storeError(for: error)
        case .refreshUnavailable, .gatewayUnreachable:
            .offline
        case .refreshMisanswered(let reason):
            .unusableResponse(Diagnostic(reason))
        case .notSignedIn:
            .notSignedIn
        case .sessionExpired:
            .sessionExpired
        case .unsealedResponse:
            .unusableResponse(Diagnostic("the answer was not an encapsulated response, and sealed mode takes nothing else"))
        case .unopenableResponse(let reason):
            .unusableResponse(Diagnostic("the encapsulated response did not open: \(reason)"))
        case .gatewayKeyRefused(let keyID, readAgain: true):
            .sealingKeyRetired(Diagnostic(keyID))
        case .gatewayKeyRefused(let keyID, readAgain: false):
            .sealingKeyRefusedNotResent(Diagnostic(keyID))
        case .requestTooLarge:
            .requestTooLarge
        case .gatewayKeysUnavailable(let reason):
            .sealingKeyUnavailable(Diagnostic(reason))
        case .sealedRequestRefused(let message):
            .refusedAsReplay(Diagnostic("refused as a replay or for its date", theirWords: message))
        case .sessionStore(let error):
            error.storeError(keeping: "the renewed session")
        case .sealingFailed(let reason), .unencodableRequest(let reason):
            .unexpected(Diagnostic(reason))
        }
    }

    /// What the transport said: `offline` for exactly the failures a cached answer may
    /// stand in for (nothing listening, no answer, no complete answer in time).
    private static func storeError(for error: TransportError) -> StoreError {
        switch error {
        case .cannotConnect, .unreachable, .deadlineExceeded:
            .offline
        case .serverIdentityRejected(let host, let reason):
            .untrustedStore(host: host, Diagnostic(reason.phrase))
        case .redirected(let status, let location):
            .unusableResponse(Diagnostic("the server redirected (\(status)) to \(location ?? "nowhere"); redirects are never followed"))
        case .malformedResponse(let reason):
            .unusableResponse(Diagnostic("the answer broke HTTP: \(reason)"))
        case .responseTooLarge(let limit):
            .unusableResponse(Diagnostic("the response was larger than \(limit) bytes"))
        case .cancelled:
            .unexpected(Diagnostic("the request was cancelled"))
        case .invalidRequest(let reason):
            .unexpected(Diagnostic(reason))
        }
    }
}
