/// The requests the gateway opened (RFC 9458 section 6.5), by their `enc`.
public protocol ReplayRecords: Sendable {
    /// Remembers `enc` until `expiry` in `share` and says `.admitted`, when it is not
    /// remembered alive at `now`; `.replayed` when it is. `.full` when it is new but
    /// `share` holds its limit: nothing was remembered. One atomic insert: of two
    /// gateways given the same request at once, one is told `.admitted`.
    func admit(_ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare) async throws(BackendStoreFailure) -> Admission
}
