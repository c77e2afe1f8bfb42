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
    /// 7009's revocation; a digest no one holds ends nothing.
    func revoke(_ digest: [UInt8]) async throws(BackendStoreFailure)
}
