#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A kept answer: its body as the backend sent it, when it was kept, and what the
/// backend said about reusing it.
public struct CachedAnswer: Sendable, Equatable {
    public let body: [UInt8]
    public let storedAt: Date
    public let validity: CacheValidity

    public init(body: [UInt8], storedAt: Date, validity: CacheValidity) {
        self.body = body
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

/// Whose kept answers these are: the backend and the signed-in user. Two people sharing
/// a data folder never see each other's answers, and logout finds (by `keyPrefix`) and
/// removes exactly one user's.
struct CacheOwner: Sendable {
    /// Every key of this owner starts with it: the backend's address, then the user.
    let keyPrefix: String
    let userID: Int

    /// - Parameter namespace: tells apart the caches of different backends, e.g. the base URL.
    init(namespace: String, userID: Int) {
        self.userID = userID
        keyPrefix = "\(namespace) user \(userID) "
    }

    /// The key of the answer to `target` (the request line's path and query).
    func key(for target: String) -> String {
        keyPrefix + target
    }
}

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

/// Remembers answers by key, so that the app can answer without the backend: while an
/// answer is fresh, and when the backend is away. It keeps bytes; what they mean, and
/// whether they are still usable, is for the reader to decide.
///
/// What every store must do is written once, as a contract suite run against each
/// store (`ResponseCacheContractTests`): a second store is a new type and a line in
/// the composition root, nothing else.
///
/// A key is its UTF-8 bytes: two keys that Swift's `==` calls equal (`ü` written as
/// one scalar or as `u` and a combining mark) are two keys, as they are two requests.
public protocol ResponseCache: Sendable {
    /// The answer stored under `key`, or nil on a miss. A damaged entry is a miss (and is removed).
    func answer(for key: String) async -> CachedAnswer?
    /// Stores `body` under `key`, replacing what was there, and says whether it did.
    /// Best effort: a cache that cannot be written (a full disk) must not fail the
    /// request whose answer it was keeping; the `--verbose` line says it was not stored.
    @discardableResult
    func store(_ body: [UInt8], for key: String, validity: CacheValidity) async -> Bool
    func remove(key: String) async
    /// Removes every entry whose key starts with `prefix` (one user's answers, at logout).
    func removeAll(keyPrefix prefix: String) async
    /// How many entries, how many bytes, and when the oldest was stored: for
    /// `storefront status`. Reads without changing anything (no touch, no eviction).
    func statistics() async -> CacheStatistics
    /// The folders whose every file is this store's: start-up refuses a file in them that
    /// another user could read or that someone else owns, wherever the store keeps them.
    /// Empty for a store that keeps nothing on disk.
    var ownedFolders: [String] { get }
}
