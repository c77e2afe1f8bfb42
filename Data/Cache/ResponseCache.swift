import Foundation

/// A cached answer, when it was stored, and what the backend said about reusing it.
public struct CachedValue<Value: Sendable>: Sendable {
    public let value: Value
    public let storedAt: Date
    public let validity: CacheValidity

    public init(value: Value, storedAt: Date, validity: CacheValidity) {
        self.value = value
        self.storedAt = storedAt
        self.validity = validity
    }
}

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

/// Remembers answers by key, so that the app can answer without the backend: while an
/// answer is fresh, and when the backend is away.
public protocol ResponseCache: Sendable {
    /// The value stored under `key`, or nil on a miss. A damaged entry is a miss (and is removed).
    func value<Value: Decodable & Sendable>(_ type: Value.Type, for key: String) async -> CachedValue<Value>?
    /// Stores `value` under `key`, replacing what was there. Best effort: a cache that
    /// cannot be written must not fail the request whose answer it was keeping.
    func store<Value: Encodable & Sendable>(_ value: Value, for key: String, validity: CacheValidity) async
    func remove(key: String) async
    /// Removes every entry whose key starts with `prefix` (one user's answers, at logout).
    func removeAll(keyPrefix prefix: String) async
}
