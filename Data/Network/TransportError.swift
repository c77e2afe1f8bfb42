import Domain
import Infrastructure

/// What the socket and the adapters say: everything that can go wrong between handing a
/// request to the HTTP stack and holding its complete answer, whatever its status.
/// Both adapters throw exactly these, and one contract suite holds them to it.
public enum TransportError: Error, Equatable, Sendable {
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
    /// The request could not be turned into a URL.
    case invalidRequest(reason: String)
}

extension TransportError {
    /// The error's kind in a few words, for the `--verbose` line; reasons come from the
    /// HTTP stack, which never puts a header or a body into them.
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
        case .invalidRequest: "invalid request"
        }
    }
}

/// Why a backend's TLS identity was refused. The store is only trusted when it proves
/// who it is, so each reason names what the person should check.
public enum ServerIdentityFailure: Equatable, Sendable {
    /// The certificate chain does not lead to a trusted authority (self-signed, unknown CA).
    case untrusted
    /// The certificate is valid, but for another host name.
    case nameMismatch
    /// The certificate has expired, or is not valid yet.
    case expired
    /// The chain is trusted, but no certificate in it matches a configured pin.
    case pinMismatch
    /// Anything else the TLS handshake refused; `detail` is for diagnostics.
    case other(detail: String)

    /// The reason as a phrase that fits inside the sentence a person reads: the
    /// `Diagnostic` that `StoreError.untrustedStore` carries.
    var phrase: String {
        switch self {
        case .untrusted: "its certificate is not signed by an authority you trust"
        case .nameMismatch: "its certificate is for another name"
        case .expired: "its certificate has expired or is not valid yet"
        case .pinMismatch: "no certificate in its chain matches a pinned key"
        case .other(let detail): "the TLS handshake failed: \(detail)"
        }
    }
}
