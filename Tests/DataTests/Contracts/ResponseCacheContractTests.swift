import Data
import Foundation
import TestSupport
import Testing

/// What every `ResponseCache` must do, whoever wrote it. The store client relies on each
/// clause: a miss is nil, a read gives back exactly what was kept, a store replaces, a
/// removal by prefix takes one user's answers and nobody else's, the figures `status`
/// prints are true, and the limits hold (an entry larger than the store is refused, not
/// kept at the others' cost). What a store may choose: where it keeps entries, how it
/// counts bytes (at least the bodies'). Past a limit the entries least recently used
/// go first, a read being a use as much as a store (`leastRecentlyUsedFirst`), though a
/// read changes no byte the store keeps (`readWritesNothing`). A date comes back to the
/// fraction of a second it was stored at.
enum ResponseCacheContract: ContractClause {
    case empty, exactRead, keysApart, readWritesNothing, replace, remove, prefix, statistics
    case entryLimit, byteLimit, leastRecentlyUsedFirst, oversized, concurrent

    var testDescription: String {
        switch self {
        case .empty: "an empty store misses every key and reports nothing"
        case .exactRead: "a read gives back the body, when it was stored and its validity, exactly"
        case .keysApart: "keys are told apart exactly: case, unicode, separators, line breaks, an empty body"
        case .readWritesNothing: "a read leaves every file the store owns as it was, byte for byte"
        case .replace: "a second store under a key replaces the first: its body, date and validity"
        case .remove: "remove takes that key alone; removing a missing key changes nothing"
        case .prefix: "remove-by-prefix takes every key that starts with it, and no other"
        case .statistics: "statistics count the entries, at least their bodies' bytes, and the oldest date"
        case .entryLimit: "past the entry limit the store shrinks to it, keeping the entry just stored"
        case .byteLimit: "past the byte limit the store shrinks under it, keeping the entry just stored"
        case .leastRecentlyUsedFirst: "past a limit the entry least recently stored or read goes first"
        case .oversized: "an entry past the byte limit on its own is not kept, the store says so, and what it kept stays"
        case .concurrent: "stores from many tasks at once all land, each whole"
        }
    }

    /// Whether the clause means anything for `kind`: the clause on files applies only
    /// to a store that keeps files, and is left out for the others by name rather than
    /// passed with nothing checked.
    func applies(to kind: CacheStoreKind) -> Bool {
        self != .readWritesNothing || kind.ownsFiles
    }

    /// Every store, each with every clause that applies to it.
    static func cases(_ kinds: [CacheStoreKind]) -> [(CacheStoreKind, ResponseCacheContract)] {
        kinds.flatMap { kind in allCases.filter { $0.applies(to: kind) }.map { (kind, $0) } }
    }

    /// How one step ended, as a clause records it.
    enum Outcome: Equatable, Sendable {
        case stored(Bool)
        case missing
        case body([UInt8])
        /// A whole kept answer, its date as how long before the clause's clock it was stored.
        case kept(body: [UInt8], storedAgo: TimeInterval, validity: CacheValidity)
        case statistics(CacheStatistics)
        case entries(Int)
        /// Which of the keys the clause asked for are answered, in order.
        case present([String])
        /// A rule the store may meet its own way, named: it held, or it broke.
        case holds(String)
        case broke(String)

        static func rule(_ name: String, _ held: Bool) -> Outcome { held ? .holds(name) : .broke(name) }
    }

    static let body = Array("{\"products\":[],\"total\":0}".utf8)
    static let keys = ["a", "A", "a ", "müsli", "mu\u{308}sli", "user:1|/products/1", "user:1|/products/1?x=\n", "\u{1F600}"]
    static let userPrefix = "http://store|user:1|"
    static let taken = [userPrefix, userPrefix + "/auth/me", userPrefix + "/products/search?q=phone"]
    static let untouched = ["http://store|user:10|/auth/me", "http://store|user:1", "http://store|/products/1", "x" + userPrefix, "HTTP://STORE|USER:1|/auth/me"]

    /// What this clause sees of a fresh store of `kind`.
    func seen(in kind: CacheStoreKind) async throws -> [Outcome] {
        let body = Self.body
        switch self {
        case .empty:
            let (cache, _, _) = try kind.make()
            return [await Self.read(cache, "search phone", now: nil), .statistics(await cache.statistics())]
        case .exactRead:
            let (cache, clock, _) = try kind.make()
            // A fraction of a second no decimal or binary rounding to whole seconds or
            // milliseconds keeps: 7.8125 ms.
            clock.advance(by: 0.007_812_5)
            let stored = await cache.store(body, for: "search phone", validity: CacheValidity(freshFor: .seconds(30), etag: #""v1""#))
            clock.advance(by: 5)
            return [.stored(stored), await Self.read(cache, "search phone", now: clock.now)]
        case .keysApart:
            let (cache, _, _) = try kind.make()
            for (index, key) in Self.keys.enumerated() {
                await cache.store(index == 0 ? [] : Array(key.utf8), for: key, validity: CacheValidity())
            }
            return await Self.keys.asyncMap { await Self.read(cache, $0, now: nil) } + [.entries(await cache.statistics().entries)]
        case .readWritesNothing:
            // A failed request reads the cache; "bad input loses nothing" holds only if
            // reading writes nothing a later run would see as changed.
            let (cache, _, _) = try kind.make()
            await cache.store(body, for: "a", validity: CacheValidity(freshFor: .seconds(30)))
            await cache.store(body, for: "b", validity: CacheValidity())
            let before = Self.ownedFiles(of: cache)
            _ = await cache.answer(for: "a")
            _ = await cache.answer(for: "missing")
            return [.rule("files to compare", !before.isEmpty), .rule("every file as it was", Self.ownedFiles(of: cache) == before)]
        case .replace:
            let (cache, clock, _) = try kind.make()
            await cache.store(body, for: "k", validity: CacheValidity(freshFor: .seconds(30), etag: #""v1""#))
            clock.advance(by: 60)
            await cache.store([1, 2, 3], for: "k", validity: CacheValidity())
            return [await Self.read(cache, "k", now: clock.now), .entries(await cache.statistics().entries)]
        case .remove:
            let (cache, _, _) = try kind.make()
            await cache.store(body, for: "k1", validity: CacheValidity())
            await cache.store(body, for: "k10", validity: CacheValidity())
            await cache.remove(key: "k1")
            await cache.remove(key: "never stored")
            return [await Self.read(cache, "k1", now: nil), await Self.read(cache, "k10", now: nil)]
        case .prefix:
            let (cache, _, _) = try kind.make()
            for key in Self.taken + Self.untouched {
                await cache.store(body, for: key, validity: CacheValidity())
            }
            await cache.removeAll(keyPrefix: Self.userPrefix)
            let present = await (Self.taken + Self.untouched).asyncMap { (key: $0, kept: await cache.answer(for: $0) != nil) }
            return [.present(present.filter(\.kept).map(\.key))]
        case .statistics:
            let (cache, clock, _) = try kind.make()
            await cache.store(body, for: "a", validity: CacheValidity())
            clock.advance(by: 100)
            await cache.store([UInt8](repeating: 7, count: 1_000), for: "b", validity: CacheValidity())
            let statistics = await cache.statistics()
            return [
                .entries(statistics.entries),
                .rule("at least the bodies' bytes", statistics.bytes >= body.count + 1_000),
                .rule("the oldest stored 100 s ago", statistics.oldestStoredAt == clock.now.addingTimeInterval(-100)),
                // Reading the figures changes nothing: the same figures again.
                .rule("the same figures again", await cache.statistics() == statistics),
            ]
        case .entryLimit:
            let (cache, _, _) = try kind.make(limits: CacheLimits(maximumEntries: 3, maximumBytes: CacheLimits.standard.maximumBytes))
            let within = await Self.storing(body, times: 7, in: cache) { $0.entries <= 3 }
            return [.rule("at most 3 entries after every store", within), await Self.read(cache, "key 6", now: nil)]
        case .byteLimit:
            let (cache, _, _) = try kind.make(limits: CacheLimits(maximumEntries: 100, maximumBytes: 10_000))
            let within = await Self.storing([UInt8](repeating: 65, count: 3_000), times: 8, in: cache) { $0.bytes <= 10_000 }
            return [.rule("at most 10,000 bytes after every store", within), await Self.read(cache, "key 7", now: nil)]
        case .leastRecentlyUsedFirst:
            let (cache, clock, _) = try kind.make(limits: CacheLimits(maximumEntries: 3, maximumBytes: CacheLimits.standard.maximumBytes))
            for key in ["k1", "k2", "k3"] {
                await cache.store(body, for: key, validity: CacheValidity())
                clock.advance(by: 1)
            }
            _ = await cache.answer(for: "k1")
            clock.advance(by: 1)
            await cache.store(body, for: "k4", validity: CacheValidity())
            let present = await ["k1", "k2", "k3", "k4"].asyncMap { (key: $0, kept: await cache.answer(for: $0) != nil) }
            return [.present(present.filter(\.kept).map(\.key))]
        case .oversized:
            // An answer larger than the whole store cannot be kept without breaking the
            // limit, and evicting everything else for it would lose every kept answer for
            // nothing: the store refuses it, says so (the `--verbose` line reports it not
            // stored), and keeps what it had.
            let (cache, _, _) = try kind.make(limits: CacheLimits(maximumEntries: 100, maximumBytes: 10_000))
            await cache.store(body, for: "kept", validity: CacheValidity())
            let stored = await cache.store([UInt8](repeating: 65, count: 10_001), for: "too large", validity: CacheValidity())
            return [
                .stored(stored), await Self.read(cache, "too large", now: nil), await Self.read(cache, "kept", now: nil),
                .rule("at most 10,000 bytes", await cache.statistics().bytes <= 10_000),
            ]
        case .concurrent:
            let (cache, _, _) = try kind.make()
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask { await cache.store(Array("body \(index)".utf8), for: "key \(index)", validity: CacheValidity()) }
                }
            }
            return await (0..<40).asyncMap { await Self.read(cache, "key \($0)", now: nil) }
        }
    }

    /// What this clause must see of any store.
    func expected(for kind: CacheStoreKind) -> [Outcome] {
        let body = Self.body
        return switch self {
        case .empty: [.missing, .statistics(CacheStatistics(entries: 0, bytes: 0, oldestStoredAt: nil))]
        case .exactRead: [.stored(true), .kept(body: body, storedAgo: 5, validity: CacheValidity(freshFor: .seconds(30), etag: #""v1""#))]
        case .keysApart: Self.keys.enumerated().map { .body($0 == 0 ? [] : Array($1.utf8)) } + [.entries(Self.keys.count)]
        case .readWritesNothing: [.holds("files to compare"), .holds("every file as it was")]
        case .replace: [.kept(body: [1, 2, 3], storedAgo: 0, validity: CacheValidity()), .entries(1)]
        case .remove: [.missing, .body(body)]
        case .prefix: [.present(Self.untouched)]
        case .statistics: [.entries(2), .holds("at least the bodies' bytes"), .holds("the oldest stored 100 s ago"), .holds("the same figures again")]
        case .entryLimit: [.holds("at most 3 entries after every store"), .body(body)]
        case .byteLimit: [.holds("at most 10,000 bytes after every store"), .body([UInt8](repeating: 65, count: 3_000))]
        case .leastRecentlyUsedFirst: [.present(["k1", "k3", "k4"])]
        case .oversized: [.stored(false), .missing, .body(body), .holds("at most 10,000 bytes")]
        case .concurrent: (0..<40).map { .body(Array("body \($0)".utf8)) }
        }
    }

    /// Stores `body` under `key 0`, `key 1`, … `times` times, and says whether the
    /// figures kept `within` after every store.
    private static func storing(_ body: [UInt8], times: Int, in cache: any ResponseCache, within: (CacheStatistics) -> Bool) async -> Bool {
        var held = true
        for index in 0..<times {
            await cache.store(body, for: "key \(index)", validity: CacheValidity())
            held = within(await cache.statistics()) && held
        }
        return held
    }

    /// The answer under `key`: its body, or with `now` the whole answer, its date as an age.
    private static func read(_ cache: any ResponseCache, _ key: String, now: Date?) async -> Outcome {
        guard let answer = await cache.answer(for: key) else { return .missing }
        guard let now else { return .body(answer.body) }
        return .kept(body: answer.body, storedAgo: now.timeIntervalSince(answer.storedAt), validity: answer.validity)
    }

    /// Every regular file under the store's own folders, with its bytes.
    static func ownedFiles(of cache: any ResponseCache) -> [String: Data] {
        var files: [String: Data] = [:]
        for folder in cache.ownedFolders {
            for name in FileManager.default.subpaths(atPath: folder) ?? [] {
                files[folder + "/" + name] = FileManager.default.contents(atPath: folder + "/" + name)
            }
        }
        return files
    }
}

@Suite("The ResponseCache contract, over every store", .timeLimit(.minutes(2)))
struct ResponseCacheContractTests {
    @Test("every store keeps each clause that applies to it", arguments: ResponseCacheContract.cases(CacheStoreKind.all))
    func keeps(kind: CacheStoreKind, clause: ResponseCacheContract) async throws {
        try await clause.expectKept(by: kind)
    }

    @Test("a mistake planted in the fake is seen by exactly the clauses that name it", arguments: FakeResponseCache.PlantedMistake.allCases)
    func planted(mistake: FakeResponseCache.PlantedMistake) async throws {
        let catching: [ResponseCacheContract] = switch mistake {
        case .removesTooMuch: [.prefix]
        case .keepsTheFirst: [.replace]
        case .foldsCase: [.keysApart, .prefix]
        case .reportsNothing: [.keysApart, .replace, .statistics]
        case .evictsNewest: [.entryLimit, .byteLimit, .leastRecentlyUsedFirst]
        case .ignoresReads: [.leastRecentlyUsedFirst]
        case .evictsAllForOneTooLarge: [.oversized]
        case .shiftsTheEpoch: [.exactRead, .replace, .statistics]
        case .keepsWholeSeconds: [.exactRead]
        }
        let kind = CacheStoreKind.fake(planting: mistake)
        let applying = ResponseCacheContract.allCases.filter { $0.applies(to: kind) }
        #expect(try await ResponseCacheContract.broken(among: applying) { try await $0(kind) } == catching)
    }
}
