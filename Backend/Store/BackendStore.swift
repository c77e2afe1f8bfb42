/// The backend's state that changes while it runs, behind the ports its logic uses: the
/// sessions it granted (`TokenRecords`), the requests its gateway opened
/// (`ReplayRecords`) and each user's cart (`CartRecords`). The catalogue and the accounts do not change at run time, so they
/// stay generated in memory: a database would hold a copy of a generator's output.
/// Every gateway of one store shares one `BackendStore`: that is what serves a request
/// once and honours a token wherever it lands.
public protocol BackendStore: TokenRecords, ReplayRecords, CartRecords {
    /// Forgets what has expired by `now` (tokens past their lifetime, requests past
    /// their window, idempotency keys past theirs), so the store stays the size of what
    /// is live.
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
