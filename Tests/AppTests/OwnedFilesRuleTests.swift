@testable import App
import Data
import Foundation
import TestSupport
import Testing

/// The start-up permission rule covers the files each store names as its own, wherever
/// the store keeps them: the rule reads the folders the stores give, not a fixed list.
@Suite("Start-up refuses a loosened file of any store, wherever it lies", .timeLimit(.minutes(1)))
struct OwnedFilesRuleTests {
    @Test("a store that keeps its file a folder down: loosened, it is refused through the folders the store names")
    func storeInASubfolder() async throws {
        let folder = try TemporaryDirectory()
        let cacheFolder = folder.file("cache")
        let cache = OneFileResponseCache(directory: cacheFolder, clock: FakeWallClock())
        #expect(await cache.store(Array("{}".utf8), for: "k", validity: CacheValidity()))
        let file = try #require(cache.ownedFolders.first) + "/entries.json"
        #expect(ClientSettings.checkOwnedFiles(in: cache.ownedFolders) == nil, "a private file is refused")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)

        let refusal = try #require(ClientSettings.checkOwnedFiles(in: cache.ownedFolders))
        #expect(refusal.sentence.contains(file), "\(refusal.sentence)")
        // The rule as it was, the cache folder's top level alone, never saw it.
        #expect(ClientSettings.checkOwnedFiles(in: [cacheFolder]) == nil)
    }

    @Test("the file store and the session store name the folders the rule always checked")
    func shippedStores() {
        #expect(FileResponseCache(directory: "/data/cache", clock: FakeWallClock()).ownedFolders == ["/data/cache"])
        #expect(FileSessionStore(directory: "/data/state").ownedFolders == ["/data/state"])
    }
}
