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
