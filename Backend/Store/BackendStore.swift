/// The backend's state that changes while it runs, behind the ports its logic uses: the
/// sessions it granted (`TokenRecords`) and the requests its gateway opened
/// (`ReplayRecords`). The catalogue and the accounts do not change at run time, so they
/// stay generated in memory (docs/ARCHITECTURE.md says why). Every gateway of one store
/// shares one `BackendStore`: that is what serves a request once and honours a token
/// wherever it lands.
public protocol BackendStore: TokenRecords, ReplayRecords {
    /// Forgets what has expired by `now` (tokens past their lifetime, requests past
    /// their window), so the store stays the size of what is live.
    func sweep(now: Int64) async throws(BackendStoreFailure)
    /// Lets go of the database; nothing may be asked after.
    func close() async
    /// `admit`, then, for an admitted request, `access` of `digest`: what a signed-in
    /// request asks first, in one round trip where the database allows. It answers what
    /// the two calls in turn answer: the same admission, and the token only when admitted.
    func admit(
        _ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare, readingAccess digest: [UInt8]
    ) async throws(BackendStoreFailure) -> (Admission, AccessTokenRecord?)
}

extension BackendStore {
    /// The two calls in turn: for a store in this process, a call costs no round trip
    /// worth saving.
    public func admit(
        _ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare, readingAccess digest: [UInt8]
    ) async throws(BackendStoreFailure) -> (Admission, AccessTokenRecord?) {
        let admission = try await admit(enc, until: expiry, now: now, share: share)
        guard admission == .admitted else { return (admission, nil) }
        return (admission, try await access(digest))
    }
}

/// The sessions the backend granted, by the SHA-256 digest of each token: a copy of the
/// store (a backup, a stolen disk) gives no token that works.
///
/// The tokens one login began, and every pair refreshed from them, are a family (RFC 9700
/// section 4.14.2): a spent refresh token is kept, marked spent, until it expires, so one
/// presented again, which only a copy can be, ends the whole family.
public protocol TokenRecords: Sendable {
    /// Keeps `pair` for `userID` as a family of its own, named by `family`: both tokens, or
    /// neither (and a failure) when either digest is kept already.
    func keep(_ pair: TokenPairRecord, userID: Int, family: [UInt8]) async throws(BackendStoreFailure)
    /// The user and expiry of the access token whose digest is `digest`; nil when none is kept.
    func access(_ digest: [UInt8]) async throws(BackendStoreFailure) -> AccessTokenRecord?
    /// Spends the refresh token whose digest is `digest` and keeps `pair` for its user in
    /// its family, in one transaction, when the token is kept, unspent and alive at `now`.
    /// One kept but spent ends its family: every token of it is forgotten. Of two gateways
    /// handed the same token at once, one rotates it and the other finds it spent; a
    /// failure (the pair not kept) spends nothing, so the client may try again with the
    /// same token.
    func rotate(refresh digest: [UInt8], now: Int64, into pair: TokenPairRecord) async throws(BackendStoreFailure) -> Rotation
    /// Ends the family of the token (access or refresh) whose digest is `digest`, RFC
    /// 7009's revocation: true when one was kept.
    func revoke(_ digest: [UInt8]) async throws(BackendStoreFailure) -> Bool
}

/// What presenting a refresh token came to.
public enum Rotation: Sendable, Equatable {
    /// Spent now, and the new pair kept in its family, for this user.
    case rotated(userID: Int)
    /// Spent before: someone else holds a copy, so its family is ended.
    case reused
    /// Not kept: never granted, expired, or its family ended.
    case unknown
}

/// A token pair as the store keeps it: each token's digest and expiry (seconds since 1970).
public struct TokenPairRecord: Sendable {
    public let accessDigest: [UInt8]
    public let accessExpires: Int64
    public let refreshDigest: [UInt8]
    public let refreshExpires: Int64

    public init(accessDigest: [UInt8], accessExpires: Int64, refreshDigest: [UInt8], refreshExpires: Int64) {
        self.accessDigest = accessDigest
        self.accessExpires = accessExpires
        self.refreshDigest = refreshDigest
        self.refreshExpires = refreshExpires
    }
}

/// An access token as the store keeps it: its user and expiry (seconds since 1970).
public struct AccessTokenRecord: Sendable, Equatable {
    public let userID: Int
    public let expires: Int64

    public init(userID: Int, expires: Int64) {
        self.userID = userID
        self.expires = expires
    }
}

/// What a token is for.
public enum TokenKind: String, Sendable {
    case access
    case refresh
}

/// The requests the gateway opened (RFC 9458 section 6.5), by their `enc`.
public protocol ReplayRecords: Sendable {
    /// Remembers `enc` until `expiry` in `share` and says `.admitted`, when it is not
    /// remembered alive at `now`; `.replayed` when it is. `.full` when it is new but
    /// `share` holds its limit: nothing was remembered. One atomic insert: of two
    /// gateways given the same request at once, one is told `.admitted`.
    func admit(_ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare) async throws(BackendStoreFailure) -> Admission
}

/// The two parts of the replay memory, each with its own limit (`ReplayCapacity`), so
/// that requests refused for their date, however many, never take the room of requests
/// that are served.
public enum ReplayShare: Sendable, Equatable {
    /// Requests whose date lets them be served now.
    case served
    /// Requests refused for their date that a gateway could serve later (dated ahead).
    case refused
}

/// What the memory says of one request.
public enum Admission: Sendable, Equatable {
    /// New: remembered now.
    case admitted
    /// Already remembered, alive: a replay.
    case replayed
    /// New, but its share is full: not remembered.
    case full
}

/// The store could not be read or written: the request it was asked for is refused
/// (a sealed 503, or 503 for a token), never served as if nothing were remembered.
public struct BackendStoreFailure: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// The database gave up waiting for a lock another session held (`lock_timeout`).
    let waitedForLock: Bool

    public init(_ description: String) {
        self.init(description, waitedForLock: false)
    }

    init(_ description: String, waitedForLock: Bool) {
        self.description = description
        self.waitedForLock = waitedForLock
    }
}
