import Domain
import Infrastructure

/// What can go wrong between sending a request and holding a usable response,
/// before anyone has looked at the status code.
public enum NetworkError: Error, Equatable, Sendable {
    /// No connection could be opened: refused, or the host name does not resolve.
    /// Not retried (CLI.md): waiting does not make a closed port open, so the command
    /// answers from the cache, or says it is offline, at once.
    case cannotConnect(reason: String)
    /// The backend stopped answering: the connection was reset or timed out, or closed
    /// before the answer was complete. Retried for idempotent requests.
    case unreachable(reason: String)
    /// No complete answer arrived within the request's overall deadline. Not retried:
    /// the time the request was allowed is spent.
    case deadlineExceeded(Duration)
    /// The caller's task was cancelled; the request was cancelled with it.
    case cancelled
    /// The response body passed the size limit; the rest was not read.
    case responseTooLarge(limit: Int)
    /// The server answered with a redirect. The API never redirects (PROTOCOL.md), so
    /// it is never followed: a token must not travel to wherever `Location` points.
    case redirected(status: Int, location: String?)
    /// The answer broke HTTP itself (a header that is not text, a body encoding nobody
    /// asked for); `reason` says which rule.
    case malformedResponse(reason: String)
    /// The server's TLS identity failed verification; nothing was sent to it.
    case serverIdentityRejected(host: String, reason: ServerIdentityFailure)
    /// Sealed mode got a response body without `X-IV`: a downgrade, never parsed.
    case unsealedResponse
    /// A sealed body did not open (bad `X-IV`, too short, wrong tag); no byte of it is used.
    case unopenableResponse(reason: String)
    /// A request could not be sealed; `reason` names the failing step.
    case sealingFailed(reason: String)
    /// An authenticated request was made with no session stored.
    case notSignedIn
    /// The session could not be refreshed (the refresh token was refused); it was cleared.
    case sessionExpired
    /// The session could not be read or written (e.g. a loosened session file).
    case sessionStorage(reason: String)
    /// The request could not be turned into a URL.
    case invalidRequest(reason: String)
}

extension NetworkError {
    /// The error's kind in a few words, for the `--verbose` line; reasons come from the
    /// transport and crypto layers, which never put secrets into them.
    var summary: String {
        switch self {
        case .cannotConnect(let reason): "cannot connect: \(reason)"
        case .unreachable(let reason): "unreachable: \(reason)"
        case .deadlineExceeded(let deadline): "no complete answer within \(deadline.wholeMilliseconds) ms"
        case .cancelled: "cancelled"
        case .redirected(let status, _): "redirect \(status) refused"
        case .malformedResponse(let reason): "malformed answer: \(reason)"
        case .serverIdentityRejected(let host, let reason): "TLS identity of \(host) rejected: \(reason)"
        case .responseTooLarge(let limit): "response over \(limit) bytes"
        case .unsealedResponse: "unsealed response refused"
        case .unopenableResponse: "sealed response did not open"
        case .sealingFailed: "sealing failed"
        case .notSignedIn: "not signed in"
        case .sessionExpired: "session expired"
        case .sessionStorage: "session storage failed"
        case .invalidRequest: "invalid request"
        }
    }
}
