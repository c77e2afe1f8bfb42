/// How long a kept answer is fresh, and the tag to ask the backend about it after that.
public struct CacheValidity: Sendable, Equatable {
    /// Fresh for this long after it was stored; zero when it must be checked before use.
    public var freshFor: Duration
    /// The backend's `ETag`, sent back in `If-None-Match` once the answer is stale.
    public var etag: String?

    public init(freshFor: Duration = .zero, etag: String? = nil) {
        self.freshFor = freshFor
        self.etag = etag
    }
}
