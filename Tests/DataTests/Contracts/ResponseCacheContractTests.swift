import Data
import Foundation
import TestSupport
import Testing

/// One way to make a store for the contract: fresh, empty, in a folder of its own, on a
/// clock the clause moves. A store of your own joins the contract by being added to `all`.
struct CacheStoreKind: Sendable, CustomTestStringConvertible {
    let name: String
    /// Whether it keeps its entries in files of its own (`ownedFolders`), which the
    /// clauses about files apply to.
    var ownsFiles = true
    let make: @Sendable (_ folder: String, _ clock: FakeWallClock, _ limits: CacheLimits) -> any ResponseCache

    var testDescription: String { name }

    static let file = CacheStoreKind(name: "FileResponseCache") { folder, clock, limits in
        // Checking the limits on every write, not one in sixteen: the contract's limits are exact.
        FileResponseCache(directory: folder, limits: limits, checkOneNewEntryIn: 1, clock: clock)
    }
    /// The fake, with a mistake planted or none.
    static func fake(planting mistake: FakeResponseCache.PlantedMistake? = nil) -> CacheStoreKind {
        CacheStoreKind(name: mistake.map { "FakeResponseCache planting \($0)" } ?? "FakeResponseCache", ownsFiles: false) { _, clock, limits in
            FakeResponseCache(clock: clock, limits: limits, planting: mistake)
        }
    }
    static let oneFile = CacheStoreKind(name: "OneFileResponseCache") { folder, clock, limits in
        OneFileResponseCache(directory: folder, limits: limits, clock: clock)
    }

    /// Every store the contract, the cache rules and the hostile rounds run over.
    static let all: [CacheStoreKind] = [.file, .fake(), .oneFile]

    /// A store with the standard limits in a new temporary folder (kept alive by the result).
    func make(limits: CacheLimits = .standard) throws -> (cache: any ResponseCache, clock: FakeWallClock, folder: TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        let clock = FakeWallClock()
        return (make(folder.file("cache"), clock, limits), clock, folder)
    }
}

/// What every `ResponseCache` must do, whoever wrote it. The store client relies on each
/// clause: a miss is nil, a read gives back exactly what was kept, a store replaces, a
/// removal by prefix takes one user's answers and nobody else's, the figures `status`
/// prints are true, and the limits hold (an entry larger than the store is refused, not
/// kept at the others' cost). What a store may choose: where it keeps entries, how it
/// counts bytes (at least the bodies'), and which entries go first when over the
/// limits, as long as the one just stored stays.
enum ResponseCacheContract {
    static let body = Array("{\"products\":[],\"total\":0}".utf8)

    static let empty = ContractClause<CacheStoreKind>("an empty store misses every key and reports nothing") { kind in
        let (cache, _, _) = try kind.make()
        #expect(await cache.answer(for: "search phone") == nil)
        #expect(await cache.statistics() == CacheStatistics(entries: 0, bytes: 0, oldestStoredAt: nil))
    }

    static let exactRead = ContractClause<CacheStoreKind>("a read gives back the body, when it was stored and its validity, exactly") { kind in
        let (cache, clock, _) = try kind.make()
        let validity = CacheValidity(freshFor: .seconds(30), etag: #""v1""#)
        #expect(await cache.store(body, for: "search phone", validity: validity))
        clock.advance(by: 5)
        #expect(await cache.answer(for: "search phone") == CachedAnswer(body: body, storedAt: clock.now.addingTimeInterval(-5), validity: validity))
    }

    static let keysApart = ContractClause<CacheStoreKind>("keys are told apart exactly: case, unicode, separators, line breaks, an empty body") { kind in
        let (cache, _, _) = try kind.make()
        let keys = ["a", "A", "a ", "müsli", "mu\u{308}sli", "user:1|/products/1", "user:1|/products/1?x=\n", "\u{1F600}"]
        for (index, key) in keys.enumerated() {
            await cache.store(index == 0 ? [] : Array(key.utf8), for: key, validity: CacheValidity())
        }
        for (index, key) in keys.enumerated() {
            #expect(await cache.answer(for: key)?.body == (index == 0 ? [] : Array(key.utf8)), "\(key.debugDescription)")
        }
        #expect(await cache.statistics().entries == keys.count)
    }

    static let readWritesNothing = ContractClause<CacheStoreKind>("a read leaves every file the store owns as it was, byte for byte", appliesTo: \.ownsFiles) { kind in
        // A failed request reads the cache; "bad input loses nothing" holds only if
        // reading writes nothing a later run would see as changed.
        let (cache, _, _) = try kind.make()
        await cache.store(body, for: "a", validity: CacheValidity(freshFor: .seconds(30)))
        await cache.store(body, for: "b", validity: CacheValidity())
        let before = ownedFiles(of: cache)
    try #require(!before.isEmpty, "the store owns files, yet none were found to compare")
        _ = await cache.answer(for: "a")
        _ = await cache.answer(for: "missing")
        #expect(ownedFiles(of: cache) == before)
    }

    static let replace = ContractClause<CacheStoreKind>("a second store under a key replaces the first: its body, date and validity") { kind in
        let (cache, clock, _) = try kind.make()
        await cache.store(body, for: "k", validity: CacheValidity(freshFor: .seconds(30), etag: #""v1""#))
        clock.advance(by: 60)
        await cache.store([1, 2, 3], for: "k", validity: CacheValidity())
        #expect(await cache.answer(for: "k") == CachedAnswer(body: [1, 2, 3], storedAt: clock.now, validity: CacheValidity()))
        #expect(await cache.statistics().entries == 1)
    }

    static let remove = ContractClause<CacheStoreKind>("remove takes that key alone; removing a missing key changes nothing") { kind in
        let (cache, _, _) = try kind.make()
        await cache.store(body, for: "k1", validity: CacheValidity())
        await cache.store(body, for: "k10", validity: CacheValidity())
        await cache.remove(key: "k1")
        await cache.remove(key: "never stored")
        #expect(await cache.answer(for: "k1") == nil)
        #expect(await cache.answer(for: "k10")?.body == body)
    }

    static let prefix = ContractClause<CacheStoreKind>("remove-by-prefix takes every key that starts with it, and no other") { kind in
        let (cache, _, _) = try kind.make()
        let prefix = "http://store|user:1|"
        let taken = [prefix, prefix + "/auth/me", prefix + "/products/search?q=phone"]
        let kept = ["http://store|user:10|/auth/me", "http://store|user:1", "http://store|/products/1", "x" + prefix, "HTTP://STORE|USER:1|/auth/me"]
        for key in taken + kept {
            await cache.store(body, for: key, validity: CacheValidity())
        }
        await cache.removeAll(keyPrefix: prefix)
        for key in taken {
            #expect(await cache.answer(for: key) == nil, "\(key) was kept")
        }
        for key in kept {
            #expect(await cache.answer(for: key) != nil, "\(key) was removed")
        }
    }

    static let statistics = ContractClause<CacheStoreKind>("statistics count the entries, at least their bodies' bytes, and the oldest date") { kind in
        let (cache, clock, _) = try kind.make()
        let first = clock.now
        await cache.store(body, for: "a", validity: CacheValidity())
        clock.advance(by: 100)
        await cache.store([UInt8](repeating: 7, count: 1_000), for: "b", validity: CacheValidity())
        let statistics = await cache.statistics()
        #expect(statistics.entries == 2)
        #expect(statistics.bytes >= body.count + 1_000)
        #expect(statistics.oldestStoredAt == first)
        // Reading the figures changes nothing: the same figures again.
        #expect(await cache.statistics() == statistics)
    }

    static let entryLimit = ContractClause<CacheStoreKind>("past the entry limit the store shrinks to it, keeping the entry just stored") { kind in
        let limits = CacheLimits(maximumEntries: 3, maximumBytes: CacheLimits.standard.maximumBytes)
        let (cache, _, _) = try kind.make(limits: limits)
        for index in 0..<7 {
            await cache.store(body, for: "key \(index)", validity: CacheValidity())
            #expect(await cache.statistics().entries <= 3)
        }
        #expect(await cache.answer(for: "key 6")?.body == body)
    }

    static let byteLimit = ContractClause<CacheStoreKind>("past the byte limit the store shrinks under it, keeping the entry just stored") { kind in
        let limits = CacheLimits(maximumEntries: 100, maximumBytes: 10_000)
        let (cache, _, _) = try kind.make(limits: limits)
        let large = [UInt8](repeating: 65, count: 3_000)
        for index in 0..<8 {
            await cache.store(large, for: "key \(index)", validity: CacheValidity())
            #expect(await cache.statistics().bytes <= 10_000)
        }
        #expect(await cache.answer(for: "key 7")?.body == large)
    }

    /// An answer larger than the whole store cannot be kept without breaking the limit,
    /// and evicting everything else for it would lose every kept answer for nothing: the
    /// store refuses it, says so (the `--verbose` line reports it not stored), and keeps
    /// what it had.
    static let oversized = ContractClause<CacheStoreKind>("an entry past the byte limit on its own is not kept, the store says so, and what it kept stays") { kind in
        let limits = CacheLimits(maximumEntries: 100, maximumBytes: 10_000)
        let (cache, _, _) = try kind.make(limits: limits)
        await cache.store(body, for: "kept", validity: CacheValidity())
        let stored = await cache.store([UInt8](repeating: 65, count: 10_001), for: "too large", validity: CacheValidity())
        #expect(!stored, "an entry larger than the store was said to be kept")
        #expect(await cache.answer(for: "too large") == nil)
        #expect(await cache.answer(for: "kept")?.body == body, "the entries kept before were evicted for it")
        #expect(await cache.statistics().bytes <= 10_000)
    }

    static let concurrent = ContractClause<CacheStoreKind>("stores from many tasks at once all land, each whole") { kind in
        let (cache, _, _) = try kind.make()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask { await cache.store(Array("body \(index)".utf8), for: "key \(index)", validity: CacheValidity()) }
            }
        }
        for index in 0..<40 {
            #expect(await cache.answer(for: "key \(index)")?.body == Array("body \(index)".utf8))
        }
    }

    static let clauses = [empty, exactRead, keysApart, readWritesNothing, replace, remove, prefix, statistics, entryLimit, byteLimit, oversized, concurrent]

    /// The clauses each planted mistake must fail, and no others.
    static func catching(_ mistake: FakeResponseCache.PlantedMistake) -> [ContractClause<CacheStoreKind>] {
        switch mistake {
        case .removesTooMuch: [prefix]
        case .keepsTheFirst: [replace]
        case .foldsCase: [keysApart, prefix]
        case .reportsNothing: [keysApart, replace, statistics]
        case .evictsNewest: [entryLimit, byteLimit]
        case .evictsAllForOneTooLarge: [oversized]
        case .shiftsTheEpoch: [exactRead, replace, statistics]
        }
    }
}

extension ResponseCacheContract {
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
    @Test("every store keeps each clause that applies to it", arguments: ContractCase.all(CacheStoreKind.all, ResponseCacheContract.clauses))
    func keeps(_ row: ContractCase<CacheStoreKind>) async throws {
        try await row.clause.check(row.subject)
    }

    @Test("a mistake planted in the fake fails exactly the clauses that should catch it", arguments: FakeResponseCache.PlantedMistake.allCases)
    func planted(_ mistake: FakeResponseCache.PlantedMistake) async {
        let failing = await ResponseCacheContract.clauses.failing(for: CacheStoreKind.fake(planting: mistake))
        #expect(failing == ResponseCacheContract.catching(mistake).map(\.promise))
    }
}
