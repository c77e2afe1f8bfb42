/// Everything that can go wrong in Storefront, in the words of the domain.
///
/// The Data layer maps transport, HTTP and decoding failures onto these cases;
/// the Presentation layer turns each case into a sentence, an error code and an
/// exit status. Nothing outside Domain needs to invent another error vocabulary.
public enum StoreError: Error, Equatable, Sendable {
    /// Input broke a rule before any repository was asked.
    case invalidInput(InvalidInput)
    /// The server rejected the username and password.
    case invalidCredentials
    /// There is no session: the user has to log in first.
    case notSignedIn
    /// The session existed but could not be renewed; the user has to log in again.
    case sessionExpired
    /// The backend could not be reached and nothing usable was cached.
    case offline
    /// The backend asked the client to wait (a 429, or a 503 with `Retry-After`), for
    /// `retryAfter` when it said how long, and nothing usable was cached.
    case rateLimited(retryAfter: Duration?)
    /// The backend answered with a failure of its own (5xx) and nothing usable was cached.
    /// `message` is the server's own words, when it sent any; it is untrusted text.
    case serverFailed(status: Int, message: String?)
    /// The person asked for no network (`--offline`) and nothing is cached for this.
    case notCached
    /// The backend at `host` failed to prove its identity (TLS); nothing was sent to it,
    /// and no cached answer stands in: a failed proof of identity is not an outage.
    case serverIdentityRejected(host: String, reason: ServerIdentityFailure)
    /// The store's gateway does not hold the key this client sealed to (unknown to it, or
    /// retired), and its configuration, taken again, named no other.
    case gatewayKeyRefused(keyID: String)
    /// The store's gateway key configuration could not be had; `detail` says why.
    case gatewayKeysUnavailable(detail: String)
    /// The store refused a sealed request as one it had already received, or its date
    /// twice; `message` is its own words, untrusted text.
    case sealedRequestRefused(message: String?)
    /// The backend answered, but its answer could not be used (undecodable,
    /// unsealable, inconsistent). `detail` is for diagnostics, not for end users.
    case unusableResponse(detail: String)
    /// The requested item does not exist.
    case notFound
    /// The store refused the request as larger than it takes (a 413): what was typed is
    /// too long.
    case requestTooLarge
    /// A file in the data folder could not be written (a full disk, a read-only folder):
    /// `what` it was for (the session), and `reason`, the path and the system's words.
    /// What was there before is kept.
    case cannotWrite(what: String, reason: String)
    /// Anything else; `detail` says what, for diagnostics.
    case unexpected(detail: String)
}
