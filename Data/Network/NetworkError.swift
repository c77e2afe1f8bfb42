/// What can go wrong between sending a request and holding a usable response,
/// before anyone has looked at the status code.
public enum NetworkError: Error, Equatable, Sendable {
    /// The backend could not be reached: refused, reset, DNS failure, timed out.
    case unreachable(reason: String)
    /// The caller's task was cancelled; the request was cancelled with it.
    case cancelled
    /// The response body passed the size limit; the rest was not read.
    case responseTooLarge(limit: Int)
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
