import Data
import Foundation

/// A cache in memory: keeps what it is given and answers with it, with no folder. For
/// tests of the store client's decisions, where the files are beside the point.
///
/// It keeps the whole `ResponseCache` contract (`ResponseCacheContractTests`): a read
/// returns what the last store under that key kept, a prefix removes only the keys that
/// start with it, and the limits hold, least recently used first. What it cannot
/// promise is what a folder gives: several processes sharing it, or entries surviving
/// the process. Its bytes are the bodies' bytes, where a file store counts its files.
/// An actor rather than a lock: ThreadSanitizer cannot follow `Mutex`'s futex, and the
/// contract stores into it from many tasks at once.
public actor FakeResponseCache: ResponseCache {
    private struct Entry {
        var answer: CachedAnswer
        /// When it was last stored or read, in calls: the order eviction follows.
        var used: Int
    }

    private struct State {
        /// By the key's UTF-8 bytes, as the contract compares keys.
        var entries: [[UInt8]: Entry] = [:]
        var uses = 0
    }

    private var state = State()
    private let clock: FakeWallClock
    private let limits: CacheLimits

    public init(clock: FakeWallClock = FakeWallClock(), limits: CacheLimits = .standard) {
        self.clock = clock
        self.limits = limits
    }

    /// Every key held now, sorted.
    public var keys: [String] { state.entries.keys.map { String(decoding: $0, as: UTF8.self) }.sorted() }

    public nonisolated var ownedFolders: [String] { [] }

    public func answer(for key: String) async -> CachedAnswer? {
        guard var entry = state.entries[Array(key.utf8)] else { return nil }
        state.uses += 1
        entry.used = state.uses
        state.entries[Array(key.utf8)] = entry
        return entry.answer
    }

    @discardableResult
    public func store(_ body: [UInt8], for key: String, validity: CacheValidity) async -> Bool {
        state.uses += 1
        state.entries[Array(key.utf8)] = Entry(answer: CachedAnswer(body: body, storedAt: clock.now, validity: validity), used: state.uses)
        var bytes = state.entries.values.reduce(0) { $0 + $1.answer.body.count }
        for (oldest, entry) in state.entries.sorted(by: { $0.value.used < $1.value.used })
        where state.entries.count > limits.maximumEntries || bytes > limits.maximumBytes {
            state.entries[oldest] = nil
            bytes -= entry.answer.body.count
        }
        return true
    }

    public func remove(key: String) async {
        state.entries[Array(key.utf8)] = nil
    }

    public func removeAll(keyPrefix prefix: String) async {
        state.entries = state.entries.filter { !$0.key.starts(with: prefix.utf8) }
    }

    public func statistics() async -> CacheStatistics {
        let answers = state.entries.values.map(\.answer)
        return CacheStatistics(
            entries: answers.count,
            bytes: answers.reduce(0) { $0 + $1.body.count },
            oldestStoredAt: answers.map(\.storedAt).min()
        )
    }
}
