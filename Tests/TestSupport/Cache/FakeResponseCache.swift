import Data
import Foundation

/// A cache in memory: keeps what it is given and answers with it, with no folder. For
/// tests of the store client's decisions, where the files are beside the point.
///
/// It keeps the whole `ResponseCache` contract (`ResponseCacheContractTests`): a read
/// returns what the last store under that key kept, a prefix removes only the keys that
/// start with it, and the limits hold, the entry least recently stored or read going first.
/// What it cannot promise is what a folder gives: several processes sharing it, or entries
/// surviving the process. Its bytes are the bodies' bytes, where a file store counts its
/// files. An actor rather than a lock: ThreadSanitizer cannot follow `Mutex`'s futex, and
/// the contract stores into it from many tasks at once.
public actor FakeResponseCache: ResponseCache {
    /// A mistake a hand-written cache makes, planted on purpose: the contract suite
    /// shows that each one fails the clauses that should catch it.
    public enum PlantedMistake: CaseIterable, Sendable {
        /// Removes every key that contains the prefix, not only those that start with it.
        case removesTooMuch
        /// Keeps the first answer under a key instead of replacing it.
        case keepsTheFirst
        /// Compares keys ignoring case.
        case foldsCase
        /// Never reports what it holds.
        case reportsNothing
        /// Over its limits, evicts the most recently stored entry first: the one just stored.
        case evictsNewest
        /// Over its limits, evicts the entry stored longest ago first, as if a read were
        /// no use: an entry read a moment ago goes before one nobody asks for.
        case ignoresReads
        /// Takes an entry larger than the whole store, evicting every other entry for it
        /// and then that one too, and says it kept it.
        case evictsAllForOneTooLarge
        /// Keeps the date as seconds since 1970 and reads them back as seconds since 2001,
        /// as a store writing one epoch into a column and reading another would.
        case shiftsTheEpoch
        /// Keeps the date to the whole second, as an integer column would.
        case keepsWholeSeconds
    }

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
    private let mistake: PlantedMistake?

    /// - Parameter mistake: none, unless a test shows the contract catching it.
    public init(clock: FakeWallClock = FakeWallClock(), limits: CacheLimits = .standard, planting mistake: PlantedMistake? = nil) {
        self.clock = clock
        self.limits = limits
        self.mistake = mistake
    }

    /// The key as the store compares it: its UTF-8 bytes.
    private func bytes(_ key: String) -> [UInt8] {
        Array((mistake == .foldsCase ? key.lowercased() : key).utf8)
    }

    public nonisolated var ownedFolders: [String] { [] }

    public func answer(for key: String) async -> CachedAnswer? {
        guard var entry = state.entries[bytes(key)] else { return nil }
        if mistake != .ignoresReads {
            state.uses += 1
            entry.used = state.uses
            state.entries[bytes(key)] = entry
        }
        return entry.answer
    }

    @discardableResult
    public func store(_ body: [UInt8], for key: String, validity: CacheValidity) async -> Bool {
        if mistake == .keepsTheFirst, state.entries[bytes(key)] != nil { return true }
        if body.count > limits.maximumBytes, mistake != .evictsAllForOneTooLarge { return false }
        state.uses += 1
        let storedAt = switch mistake {
        case .shiftsTheEpoch: Date(timeIntervalSinceReferenceDate: clock.now.timeIntervalSince1970)
        case .keepsWholeSeconds: Date(timeIntervalSince1970: clock.now.timeIntervalSince1970.rounded(.down))
        default: clock.now
        }
        state.entries[bytes(key)] = Entry(answer: CachedAnswer(body: body, storedAt: storedAt, validity: validity), used: state.uses)
        var total = state.entries.values.reduce(0) { $0 + $1.answer.body.count }
        let newestFirst = mistake == .evictsNewest
        for (evicted, entry) in state.entries.sorted(by: { ($0.value.used < $1.value.used) != newestFirst })
        where state.entries.count > limits.maximumEntries || total > limits.maximumBytes {
            state.entries[evicted] = nil
            total -= entry.answer.body.count
        }
        return true
    }

    public func remove(key: String) async {
        state.entries[bytes(key)] = nil
    }

    public func removeAll(keyPrefix prefix: String) async {
        if mistake == .removesTooMuch {
            state.entries = state.entries.filter { !String(decoding: $0.key, as: UTF8.self).contains(prefix) }
        } else {
            state.entries = state.entries.filter { !$0.key.starts(with: prefix.utf8) }
        }
    }

    public func statistics() async -> CacheStatistics {
        if mistake == .reportsNothing { return CacheStatistics(entries: 0, bytes: 0, oldestStoredAt: nil) }
        let answers = state.entries.values.map(\.answer)
        return CacheStatistics(
            entries: answers.count,
            bytes: answers.reduce(0) { $0 + $1.body.count },
            oldestStoredAt: answers.map(\.storedAt).min()
        )
    }
}
