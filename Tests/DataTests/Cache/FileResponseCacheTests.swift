@testable import Data
import Foundation
import TestSupport
import Testing

@Suite("FileResponseCache", .timeLimit(.minutes(2)))
struct FileResponseCacheTests {
    struct Page: Codable, Equatable {
        let query: String
        let items: [Int]

        var bytes: [UInt8] { (try? [UInt8](JSONEncoder().encode(self))) ?? [] }
    }

    @Test("stores and reads back a value with the time it was stored, in a 0600 file")
    func roundTrip() async throws {
        let temporary = try TemporaryDirectory()
        let clock = FakeWallClock()
        let cache = FileResponseCache(directory: temporary.file("cache"), clock: clock)

        // Any bytes, line breaks and bytes that are not UTF-8 included: kept as they came.
        let body: [UInt8] = Array(#"{"query":"phone"}"#.utf8) + [0x0A, 0xFF, 0x00, 0x0A]
        await cache.store(body, for: "search phone", validity: CacheValidity(freshFor: .seconds(30), etag: #""v1""#))
        clock.advance(by: 60)
        let cached = try #require(await cache.answer(for: "search phone"))

        #expect(cached.body == body)
        #expect(cached.storedAt == clock.now.addingTimeInterval(-60))
        #expect(cached.validity == CacheValidity(freshFor: .seconds(30), etag: #""v1""#))
        #expect(await cache.answer(for: "search laptop") == nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: temporary.file("cache"))
        #expect(files == [FileResponseCache.fileName(for: "search phone") + ".json"])
        #expect(try permissions(of: temporary.file("cache/\(files[0])")) == 0o600)
        #expect(try permissions(of: temporary.file("cache")) == 0o700)
    }

    @Test("names an entry by a 64-bit hash of its key that is the same in every process", arguments: [
        ("", "efd01f60ba992926"), ("a", "82a2a958a9bece5b"), ("foobar", "2c22194922d1672b"),
    ])
    func fileName(key: String, name: String) {
        // Fixed here so that a change of the hash, which would orphan every entry of the
        // previous release, is made on purpose: FNV-1a, then MurmurHash3's finalizer.
        #expect(FileResponseCache.fileName(for: key) == name)
    }

    @Test("another key's entry under this key's name is a miss, and stays for its own key")
    func collision() async throws {
        let temporary = try TemporaryDirectory()
        let cache = FileResponseCache(directory: temporary.path, clock: FakeWallClock())
        // Encoded once: JSONEncoder's key order can differ between two encodings.
        let laptop = Page(query: "laptop", items: [2]).bytes
        await cache.store(laptop, for: "search laptop", validity: CacheValidity())
        // What two keys with one hash would leave: "search laptop"'s entry where
        // "search phone"'s would be. A real collision is not found in a test's time.
        let planted = temporary.file(FileResponseCache.fileName(for: "search phone") + ".json")
        try FileManager.default.copyItem(
            atPath: temporary.file(FileResponseCache.fileName(for: "search laptop") + ".json"),
            toPath: planted
        )

        #expect(await cache.answer(for: "search phone") == nil, "another key's answer was served")
        #expect(FileManager.default.fileExists(atPath: planted))
        #expect(await cache.answer(for: "search laptop")?.body == laptop)
    }

    @Test("a corrupt, truncated or differently shaped entry is a miss and is removed", arguments: [
        "not json at all", #"{"key":"k","storedAt":1800000000,"value":"{\"query\":\"pho"#, "",
        #"{"key":"k","storedAt":1800000000,"value":"{\"other\":1}"}"#,
        // A first line that is not a whole header.
        "{\"key\":\"k\"\n{}", "\n{}",
    ])
    func corruptEntry(contents: String) async throws {
        let temporary = try TemporaryDirectory()
        let cache = FileResponseCache(directory: temporary.path, clock: FakeWallClock())
        await cache.store(Page(query: "phone", items: [1]).bytes, for: "k", validity: CacheValidity())
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: temporary.path).first)
        #expect(await cache.answer(for: "k") != nil)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: temporary.file(file)))

        #expect(await cache.answer(for: "k") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test("temporary files a killed writer left behind are collected; one being written now is not")
    func staleTemporaryFiles() async throws {
        let temporary = try TemporaryDirectory()
        let clock = FakeWallClock()
        let cache = FileResponseCache(directory: temporary.file("cache"), checkOneNewEntryIn: 1, clock: clock)
        await cache.store(Page(query: "warm", items: []).bytes, for: "warm", validity: CacheValidity())
        let stale = temporary.file("cache/abc.json.4242.1.tmp")
        let fresh = temporary.file("cache/def.json.4243.2.tmp")
        // Ages by the system's clock, which wrote the files' times; the cache's own clock
        // stands in the future here, and must not make the fresh one look abandoned.
        for (path, age) in [(stale, 3_600.0), (fresh, 5.0)] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8), attributes: [.posixPermissions: 0o600]))
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: path)
        }

        // Replacing an entry never lists the folder, so the leftover is still there.
        await cache.store(Page(query: "warm", items: [1]).bytes, for: "warm", validity: CacheValidity())
        #expect(FileManager.default.fileExists(atPath: stale), "a write that replaced an entry listed the folder")

        await cache.store(Page(query: "phone", items: [1]).bytes, for: "search phone", validity: CacheValidity())

        #expect(!FileManager.default.fileExists(atPath: stale), "a kill -9 leftover stayed for ever")
        #expect(FileManager.default.fileExists(atPath: fresh), "another process's write in progress was removed")
    }

    @Test("beyond its entry limit it evicts the least recently used entries")
    func evictsByCount() async throws {
        let temporary = try TemporaryDirectory()
        let cache = FileResponseCache(directory: temporary.path, limits: CacheLimits(maximumEntries: 3, maximumBytes: CacheLimits.standard.maximumBytes), checkOneNewEntryIn: 1, clock: FakeWallClock())
        for key in ["a", "b", "c"] {
            await cache.store(Page(query: key, items: []).bytes, for: key, validity: CacheValidity())
            try backdate(temporary.path, by: 10) // make earlier writes clearly older
        }
        _ = await cache.answer(for: "a") // "a" is now the most recently used

        await cache.store(Page(query: "d", items: []).bytes, for: "d", validity: CacheValidity())

        #expect(await cache.answer(for: "a") != nil)
        #expect(await cache.answer(for: "b") == nil)
        #expect(await cache.answer(for: "c") != nil)
        #expect(await cache.answer(for: "d") != nil)
    }

    /// A check lists the whole folder: checked in the same measure less often as the
    /// limit grows, a write pays the same for checks at any limit.
    @Test("by default one new entry in a 125th of the entry limit checks the limits, and at least every one", arguments: [
        (1, 1), (124, 1), (250, 2), (2_000, 16), (20_000, 160), (1_000_000, 8_000),
    ])
    func checkInterval(maximumEntries: Int, interval: Int) {
        #expect(FileResponseCache.checkInterval(for: CacheLimits(maximumEntries: maximumEntries, maximumBytes: 1)) == interval)
    }

    @Test("a new entry checks the limits one time in N, chosen by its name; a replacing write never does")
    func checksOneNewEntryInN() async throws {
        let temporary = try TemporaryDirectory()
        let cache = FileResponseCache(directory: temporary.path, limits: CacheLimits(maximumEntries: 1, maximumBytes: CacheLimits.standard.maximumBytes), checkOneNewEntryIn: 4, clock: FakeWallClock())
        var counts: [Int] = []
        for index in 0..<40 {
            await cache.store(Page(query: "q", items: []).bytes, for: "k\(index)", validity: CacheValidity())
            counts.append(try FileManager.default.contentsOfDirectory(atPath: temporary.path).count)
        }
        // Over the limit between checks, brought back to it at each one.
        #expect(counts.max() ?? 0 > 1, "every write checked the limits: \(counts)")
        #expect(counts.dropFirst().contains(1), "no write checked the limits: \(counts)")
        #expect(counts.max() ?? 0 < 40, "\(counts)")
    }

    @Test("beyond its byte limit it evicts until the rest fits")
    func evictsByBytes() async throws {
        let temporary = try TemporaryDirectory()
        let cache = FileResponseCache(directory: temporary.path, limits: CacheLimits(maximumEntries: CacheLimits.standard.maximumEntries, maximumBytes: 25_000), checkOneNewEntryIn: 1, clock: FakeWallClock())
        for index in 0..<5 {
            await cache.store(Page(query: "q\(index)", items: Array(repeating: 7, count: 4_000)).bytes, for: "k\(index)", validity: CacheValidity())
            try backdate(temporary.path, by: 10)
        }
        let remaining = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        let total = try remaining.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: temporary.file($1))[.size] as? Int ?? 0) }
        #expect(total <= 25_000)
        #expect(await cache.answer(for: "k4") != nil)
        #expect(await cache.answer(for: "k0") == nil)
    }

    @Test("concurrent writers and readers of one key never see a torn entry")
    func concurrentWriters() async throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.path
        // Large values make a torn write likely if writes were not atomic. Encoded once:
        // a read is whole when its bytes are exactly one writer's, which also catches a
        // torn mix that would still decode (and costs a comparison, not a JSON decode).
        let values = (0..<8).map { Page(query: "writer \($0)", items: Array(repeating: $0, count: 50_000)).bytes }
        // An entry exists before the race starts, so every read must find a whole one:
        // a torn entry is not a writer's bytes, or fails to split, reads as a miss and is
        // removed, so a miss counts.
        await FileResponseCache(directory: directory, clock: FakeWallClock()).store(values[0], for: "shared", validity: CacheValidity())

        // Each writer and reader on a thread of its own: they race for real, and their
        // seconds of file work hold none of the pool's threads (a loaded run saw the pool
        // stop for 8 s while all sixteen ran there).
        let threads = (0..<(2 * values.count)).map { _ in ThreadExecutor() }
        defer { threads.forEach { $0.stop() } }
        let torn = await withTaskGroup(of: Int.self) { group in
            for (index, value) in values.enumerated() {
                group.addTask(executorPreference: threads[2 * index]) {
                    // A cache per task, as each `storefront` process would have its own.
                    let cache = FileResponseCache(directory: directory, clock: FakeWallClock())
                    for _ in 0..<10 { await cache.store(value, for: "shared", validity: CacheValidity()) }
                    return 0
                }
                group.addTask(executorPreference: threads[2 * index + 1]) {
                    let cache = FileResponseCache(directory: directory, clock: FakeWallClock())
                    var torn = 0
                    for _ in 0..<20 {
                        let read = await cache.answer(for: "shared")?.body
                        if !(read.map(values.contains) ?? false) { torn += 1 }
                    }
                    return torn
                }
            }
            return await group.reduce(0, +)
        }

        #expect(torn == 0)
        let final = await FileResponseCache(directory: directory, clock: FakeWallClock()).answer(for: "shared")
        #expect(final.map { values.contains($0.body) } == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 1)
    }

    /// Moves every file's modification time back, so eviction order does not depend on
    /// writes landing in different clock ticks.
    private func backdate(_ directory: String, by seconds: TimeInterval) throws {
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) {
            let path = (directory as NSString).appendingPathComponent(file)
            let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date ?? Date()
            try FileManager.default.setAttributes([.modificationDate: modified.addingTimeInterval(-seconds)], ofItemAtPath: path)
        }
    }
}
