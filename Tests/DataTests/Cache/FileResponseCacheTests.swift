@testable import Data
import Foundation
import TestSupport
import Testing

@Suite("FileResponseCache", .timeLimit(.minutes(2)))
struct FileResponseCacheTests {
    struct Page: Codable, Equatable {
        let query: String
        let items: [Int]
    }

    @Test("stores and reads back a value with the time it was stored, in a 0600 file")
    func roundTrip() async throws {
        let temporary = try TemporaryDirectory()
        let clock = FakeWallClock()
        let cache = FileResponseCache(directory: temporary.file("cache"), clock: clock)

        await cache.store(Page(query: "phone", items: [1, 2]), for: "search phone", validity: CacheValidity())
        clock.advance(by: 60)
        let cached = try #require(await cache.value(Page.self, for: "search phone"))

        #expect(cached.value == Page(query: "phone", items: [1, 2]))
        #expect(cached.storedAt == clock.now.addingTimeInterval(-60))
        #expect(await cache.value(Page.self, for: "search laptop") == nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: temporary.file("cache"))
        #expect(files.count == 1 && files[0].count == 64 + 5)
        #expect(try permissions(of: temporary.file("cache/\(files[0])")) == 0o600)
        #expect(try permissions(of: temporary.file("cache")) == 0o700)
    }

    @Test("a corrupt, truncated or differently shaped entry is a miss and is removed", arguments: [
        "not json at all", #"{"key":"k","storedAt":1800000000,"value":"{\"query\":\"pho"#, "",
        #"{"key":"k","storedAt":1800000000,"value":"{\"other\":1}"}"#,
    ])
    func corruptEntry(contents: String) async throws {
        let temporary = try TemporaryDirectory()
        let cache = FileResponseCache(directory: temporary.path, clock: FakeWallClock())
        await cache.store(Page(query: "phone", items: [1]), for: "k", validity: CacheValidity())
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: temporary.path).first)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: temporary.file(file)))

        #expect(await cache.value(Page.self, for: "k") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test("temporary files a killed writer left behind are collected; one being written now is not")
    func staleTemporaryFiles() async throws {
        let temporary = try TemporaryDirectory()
        let clock = FakeWallClock()
        let cache = FileResponseCache(directory: temporary.file("cache"), clock: clock)
        await cache.store(Page(query: "warm", items: []), for: "warm", validity: CacheValidity())
        let stale = temporary.file("cache/abc.json.4242.1.tmp")
        let fresh = temporary.file("cache/def.json.4243.2.tmp")
        for (path, age) in [(stale, 3_600.0), (fresh, 5.0)] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8), attributes: [.posixPermissions: 0o600]))
            try FileManager.default.setAttributes([.modificationDate: clock.now.addingTimeInterval(-age)], ofItemAtPath: path)
        }

        await cache.store(Page(query: "phone", items: [1]), for: "search phone", validity: CacheValidity())

        #expect(!FileManager.default.fileExists(atPath: stale), "a kill -9 leftover stayed for ever")
        #expect(FileManager.default.fileExists(atPath: fresh), "another process's write in progress was removed")
    }

    @Test("beyond its entry limit it evicts the least recently used entries")
    func evictsByCount() async throws {
        let temporary = try TemporaryDirectory()
        let cache = FileResponseCache(directory: temporary.path, limits: .init(maximumEntries: 3), clock: FakeWallClock())
        for key in ["a", "b", "c"] {
            await cache.store(Page(query: key, items: []), for: key, validity: CacheValidity())
            try backdate(temporary.path, by: 10) // make earlier writes clearly older
        }
        _ = await cache.value(Page.self, for: "a") // "a" is now the most recently used

        await cache.store(Page(query: "d", items: []), for: "d", validity: CacheValidity())

        #expect(await cache.value(Page.self, for: "a") != nil)
        #expect(await cache.value(Page.self, for: "b") == nil)
        #expect(await cache.value(Page.self, for: "c") != nil)
        #expect(await cache.value(Page.self, for: "d") != nil)
    }

    @Test("beyond its byte limit it evicts until the rest fits")
    func evictsByBytes() async throws {
        let temporary = try TemporaryDirectory()
        let cache = FileResponseCache(directory: temporary.path, limits: .init(maximumBytes: 25_000), clock: FakeWallClock())
        for index in 0..<5 {
            await cache.store(Page(query: "q\(index)", items: Array(repeating: 7, count: 4_000)), for: "k\(index)", validity: CacheValidity())
            try backdate(temporary.path, by: 10)
        }
        let remaining = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        let total = try remaining.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: temporary.file($1))[.size] as? Int ?? 0) }
        #expect(total <= 25_000)
        #expect(await cache.value(Page.self, for: "k4") != nil)
        #expect(await cache.value(Page.self, for: "k0") == nil)
    }

    @Test("concurrent writers and readers of one key never see a torn entry")
    func concurrentWriters() async throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.path
        // Large values make a torn write likely if writes were not atomic.
        let values = (0..<8).map { Page(query: "writer \($0)", items: Array(repeating: $0, count: 50_000)) }
        // An entry exists before the race starts, so every read must find a whole one:
        // a torn entry fails to decode, reads as a miss and is removed, so a miss counts.
        await FileResponseCache(directory: directory, clock: FakeWallClock()).store(values[0], for: "shared", validity: CacheValidity())

        let torn = await withTaskGroup(of: Int.self) { group in
            for value in values {
                group.addTask {
                    // A cache per task, as each `storefront` process would have its own.
                    let cache = FileResponseCache(directory: directory, clock: FakeWallClock())
                    for _ in 0..<10 { await cache.store(value, for: "shared", validity: CacheValidity()) }
                    return 0
                }
                group.addTask {
                    let cache = FileResponseCache(directory: directory, clock: FakeWallClock())
                    var torn = 0
                    for _ in 0..<20 {
                        let read = await cache.value(Page.self, for: "shared")?.value
                        if !(read.map(values.contains) ?? false) { torn += 1 }
                    }
                    return torn
                }
            }
            return await group.reduce(0, +)
        }

        #expect(torn == 0)
        let final = await FileResponseCache(directory: directory, clock: FakeWallClock()).value(Page.self, for: "shared")
        #expect(final.map { values.contains($0.value) } == true)
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
