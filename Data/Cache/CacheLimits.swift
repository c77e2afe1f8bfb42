/// How large a response cache may grow: every store keeps to the same bounds, so
/// swapping one store for another changes where answers are kept, not how many.
public struct CacheLimits: Sendable, Equatable {
    /// The most entries kept; past it, the least recently used go first.
    public var maximumEntries: Int
    /// The most bytes the entries may take, as the store counts them.
    public var maximumBytes: Int

    public init(maximumEntries: Int, maximumBytes: Int) {
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
    }

    /// What the app runs with unless told otherwise (`STOREFRONT_CACHE_MAX_ENTRIES`,
    /// `STOREFRONT_CACHE_MAX_BYTES`): 2,000 entries and 50 MiB, far more than a session
    /// of searching fills, small enough that a forgotten cache folder costs little.
    public static let standard = CacheLimits(maximumEntries: 2_000, maximumBytes: 50 * 1024 * 1024)
}
