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
