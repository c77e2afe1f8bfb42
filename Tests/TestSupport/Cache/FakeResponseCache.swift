import Data
import Synchronization

/// A cache in memory: keeps what it is given and answers with it, with no folder. For
/// tests of the store client's decisions, where the files are beside the point.
public final class FakeResponseCache: ResponseCache {
    private let entries = Mutex<[String: CachedAnswer]>([:])
    private let clock: FakeWallClock

    public init(clock: FakeWallClock = FakeWallClock()) {
        self.clock = clock
    }

    /// Every key held now, sorted.
    public var keys: [String] { entries.withLock { $0.keys.sorted() } }

    public func answer(for key: String) async -> CachedAnswer? {
        entries.withLock { $0[key] }
    }

    @discardableResult
    public func store(_ body: [UInt8], for key: String, validity: CacheValidity) async -> Bool {
        let now = clock.now
        entries.withLock { $0[key] = CachedAnswer(body: body, storedAt: now, validity: validity) }
        return true
    }

    public func remove(key: String) async {
        _ = entries.withLock { $0.removeValue(forKey: key) }
    }

    public func removeAll(keyPrefix prefix: String) async {
        entries.withLock { $0 = $0.filter { !$0.key.hasPrefix(prefix) } }
    }
}
