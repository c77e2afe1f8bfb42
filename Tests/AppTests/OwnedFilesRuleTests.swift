@testable import App
import Data
import Foundation
import TestSupport
import Testing

/// The start-up permission rule covers the files each store names as its own, wherever
/// the store keeps them: the rule reads the folders the stores give, not a fixed list.
/// For the cache it refuses what another user could reach: a loose file in a folder
/// they can search; a private folder's files are read one by one, as they are used.
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
        #expect(ClientSettings.checkOwnedFiles(in: cache.ownedFolders) == nil, "a file no one else can reach is refused")
        let named = try #require(cache.ownedFolders.first)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: named)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: named) }

        let refusal = try #require(ClientSettings.checkOwnedFiles(in: cache.ownedFolders))
        #expect(refusal.sentence.contains(file), "\(refusal.sentence)")
        // The rule as it was, the cache folder's top level alone, never saw it.
        #expect(ClientSettings.checkOwnedFiles(in: [cacheFolder]) == nil)
    }

    /// Only the user (or root) can loosen a file in a folder that is theirs alone; the
    /// entry is then neither refused at start-up nor served, and a new answer replaces it.
    @Test("a loosened entry in a private cache folder passes start-up, is not served, and is replaced privately by the next answer")
    func looseEntryInPrivateFolder() async throws {
        let folder = try TemporaryDirectory()
        let cache = FileResponseCache(directory: folder.file("cache"), clock: FakeWallClock())
        #expect(await cache.store(Array("{}".utf8), for: "k", validity: CacheValidity()))
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.file("cache")).first { $0.hasSuffix(".json") })
        let entry = folder.file("cache") + "/" + name
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: entry)

        #expect(ClientSettings.checkOwnedFiles(in: cache.ownedFolders) == nil)
        #expect(await cache.answer(for: "k") == nil)
        #expect(await cache.store(Array("[]".utf8), for: "k", validity: CacheValidity()))
        #expect(await cache.answer(for: "k")?.body == Array("[]".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: entry)[.posixPermissions] as? Int == 0o600)
    }

    @Test("the file cache names the folder the rule always checked")
    func shippedCache() {
        #expect(FileResponseCache(directory: "/data/cache", clock: FakeWallClock()).ownedFolders == ["/data/cache"])
    }

    @Test("the file session store checks every file beside the session, its lock included")
    func sessionStoreChecksItsLock() async throws {
        let folder = try TemporaryDirectory()
        let store = FileSessionStore(directory: folder.path)
        try await store.save(Session(accessToken: "a", refreshToken: "r", userID: 1))
        try await store.lockExclusively().release()
        try await store.checkPrivacy()

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder.file("session.lock"))

        let refusal = await #expect(throws: SessionStoreError.self) { try await store.checkPrivacy() }
        #expect(refusal?.description.contains("chmod 600 \(folder.file("session.lock"))") == true, "\(String(describing: refusal))")
    }
}
