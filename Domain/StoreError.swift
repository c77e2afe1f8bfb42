/// Everything that can go wrong in Storefront, in the words of the domain: what a person
/// can act on (sign in, wait, fix the set-up, try again).
///
/// What went wrong underneath (which certificate check failed, the gateway's key id, an
/// HTTP status, a path) is a `Diagnostic` the Data layer attaches; Domain carries it and
/// never reads it. The Presentation layer turns each case into a sentence, an error
/// code and an exit status. Nothing outside Domain needs another error vocabulary.
public enum StoreError: Error, Equatable, Sendable {
    /// Input broke a rule before any repository was asked.
    case invalidInput(InvalidInput)
    /// The store rejected the username and password.
    case invalidCredentials
    /// There is no session: the user has to log in first.
    case notSignedIn
    /// The session existed but could not be renewed; the user has to log in again.
    case sessionExpired
    /// The store could not be reached and nothing usable was kept.
    case offline
    /// A write could not reach the store: nothing was sent, so nothing was done.
    case notSent(Diagnostic)
    /// A write went out, and no answer came that says whether the store acted on it:
    /// it may have. `keyKept`: its key was kept, so the same write sent again within
    /// the hour is done at most once; otherwise it could not be, and may be done twice.
    case outcomeUnknown(Diagnostic, keyKept: Bool)
    /// The store asked the client to wait, for `retryAfter` when it said how long, and
    /// nothing usable was kept.
    case rateLimited(retryAfter: Duration?)
    /// The store answered with a failure of its own and nothing usable was kept; the
    /// diagnostic names the failure and carries the store's own words, if any.
    case storeFailed(Diagnostic)
    /// The person asked for no network (`--offline`) and nothing is kept for this.
    case notCached
    /// The store at `host` could not prove it is that store; nothing was sent to it, and
    /// no kept answer stands in: a store that cannot be trusted is not an outage.
    case untrustedStore(host: String, Diagnostic)
    /// The store, or something on the way to it, refused the key this client seals to,
    /// and the client's set-up names no other: it is out of date, or the path is hostile.
    case sealingKeyRetired(Diagnostic)
    /// The store, or something on the way to it, refused the key of a request that is
    /// never sent twice (a login, a session renewal: the first may have been served);
    /// trying again takes the key anew.
    case sealingKeyRefusedNotResent(Diagnostic)
    /// The key to seal to could not be had: the client's set-up names none that works.
    case sealingKeyUnavailable(Diagnostic)
    /// The store refused a sealed request as one it had already received, or for its
    /// date: most often this computer's clock.
    case refusedAsReplay(Diagnostic)
    /// The store answered, but its answer could not be used (undecodable, unsealable,
    /// inconsistent). The diagnostic is for `--verbose`, not for the sentence.
    case unusableResponse(Diagnostic)
    /// The requested item does not exist.
    case notFound
    /// The store refused the request as larger than it takes: what was typed is too long.
    case requestTooLarge
    /// Something this client keeps (`what`: the session) could not be saved; what was
    /// there before is kept. The diagnostic says where and why.
    case cannotWrite(what: String, Diagnostic)
    /// Something this client keeps (`what`) could not be saved because the system
    /// allows this user no more of it (a keyring's quota); what was there before is kept.
    case quotaExceeded(what: String, Diagnostic)
    /// Anything else; the diagnostic says what.
    case unexpected(Diagnostic)
}

/// What went wrong underneath, as the layer that saw it tells it. Domain carries it and
/// never reads it; the edge may quote it.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    /// This program's own words: a status, what a certificate check refused, a key's id.
    public let summary: String
    /// What the other side said, if anything: untrusted text, to be quoted with care.
    public let theirWords: String?

    public init(_ summary: String, theirWords: String? = nil) {
        self.summary = summary
        self.theirWords = theirWords
    }

    public var description: String {
        theirWords.map { "\(summary): \($0)" } ?? summary
    }
}
