import Data
import Foundation
import Infrastructure
import TestSupport
import Testing

/// The fake cache as a model of every store: the same generated sequence of stores,
/// reads, removals and removals by prefix, on one clock, must leave each store giving
/// the fake's answers. Fixed seeds; a divergence names the seed and the step.
@Suite("FakeResponseCache models every store over generated sequences", .timeLimit(.minutes(2)), .onItsOwnThread)
struct CacheModelTests {
    static let seeds: [UInt64] = [20_261_126, 35]
    static let steps = 300
    /// Keys that share prefixes the way users' keys do, differ in case, or are equal to
    /// Swift's `==` but not in bytes; and prefixes, one of them of none of the keys.
    static let keys = ["s|u:1|/a", "s|u:1|/b", "s|u:10|/a", "s|u:1", "s|/a", "S|u:1|/a", "s|u:1|/a?q=é", "s|u:1|/a?q=e\u{301}"]
    static let prefixes = ["s|u:1|", "s|u:1", "s|", "S", "x", ""]

    /// Every store the contract runs over but the model itself: a store added to `all`
    /// is held to the model too, with no second list to extend.
    static let modelled = CacheStoreKind.all.filter { $0.name != CacheStoreKind.fake().name }

    @Test("every store answers as the fake does, step by step", arguments: modelled, seeds)
    func sameAnswers(store: CacheStoreKind, seed: UInt64) async throws {
        let folder = try TemporaryDirectory()
        let clock = FakeWallClock()
        let real = store.make(folder.file("cache"), clock, .standard)
        let model = FakeResponseCache(clock: clock)
        var random = SplitMix64(seed: seed)
        for step in 0..<Self.steps {
            let key = Self.keys[Int.random(in: 0..<Self.keys.count, using: &random)]
            let said: String
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let body = [UInt8](repeating: UInt8.random(in: 0...255, using: &random), count: Int.random(in: 0...40, using: &random))
                let validity = CacheValidity(freshFor: .seconds(Int.random(in: 0...60, using: &random)), etag: Bool.random(using: &random) ? "\"\(step)\"" : nil)
                await real.store(body, for: key, validity: validity)
                await model.store(body, for: key, validity: validity)
                said = "store \(key)"
            case 4, 5:
                said = "read \(key)"
            case 6:
                await real.remove(key: key)
                await model.remove(key: key)
                said = "remove \(key)"
            case 7:
                let prefix = Self.prefixes[Int.random(in: 0..<Self.prefixes.count, using: &random)]
                await real.removeAll(keyPrefix: prefix)
                await model.removeAll(keyPrefix: prefix)
                said = "remove prefix \(prefix.debugDescription)"
            default:
                clock.advance(by: Double(Int.random(in: 1...90, using: &random)))
                said = "wait"
            }
            let realStatistics = await real.statistics()
            let modelStatistics = await model.statistics()
            #expect(realStatistics.entries == modelStatistics.entries, "seed \(seed), step \(step) (\(said)): entries")
            #expect(realStatistics.oldestStoredAt == modelStatistics.oldestStoredAt, "seed \(seed), step \(step) (\(said)): oldest")
            for key in Self.keys {
                let answer = await real.answer(for: key)
                let modelled = await model.answer(for: key)
                #expect(answer == modelled, "seed \(seed), step \(step) (\(said)): \(key)")
                if answer != modelled { return }
            }
        }
    }
}
