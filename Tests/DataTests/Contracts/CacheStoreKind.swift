import Data
import Foundation
import TestSupport
import Testing

/// One way to make a store for the contract: fresh, empty, in a folder of its own, on a
/// clock the clause moves. A store of your own joins the contract by being added to `all`.
struct CacheStoreKind: ContractImplementation {
    let name: String
    /// Whether it keeps its entries in files of its own (`ownedFolders`), which the
    /// clauses about files apply to.
    var ownsFiles = true
    let make: @Sendable (_ folder: String, _ clock: FakeWallClock, _ limits: CacheLimits) -> any ResponseCache

    static let file = CacheStoreKind(name: "FileResponseCache") { folder, clock, limits in
        // Checking the limits on every write, not one in sixteen: the contract's limits are exact.
        FileResponseCache(directory: folder, limits: limits, checkOneNewEntryIn: 1, clock: clock)
    }
    /// The fake, with a mistake planted or none. It does less than the file stores:
    /// nothing shared between processes, nothing kept after one, no files (the clause on
    /// files applies to the two file stores only).
    static func fake(planting mistake: FakeResponseCache.PlantedMistake? = nil) -> CacheStoreKind {
        CacheStoreKind(
            name: mistake.map { "FakeResponseCache planting \($0)" } ?? "FakeResponseCache",
            ownsFiles: false
        ) { _, clock, limits in
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
