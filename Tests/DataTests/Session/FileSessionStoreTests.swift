@testable import Data
import Foundation
import TestSupport
import Testing

@Suite("FileSessionStore", .timeLimit(.minutes(2)))
struct FileSessionStoreTests {
    let session = Session(accessToken: "access-secret", refreshToken: "refresh-secret", userID: 1)

    @Test("saves and loads the session in a 0600 file inside a 0700 folder it creates")
    func roundTrip() async throws {
        let temporary = try TemporaryDirectory()
        let store = FileSessionStore(directory: temporary.file("state/storefront"))

        #expect(try await store.load() == nil)
        try await store.save(session)

        #expect(try await store.load() == session)
        #expect(try permissions(of: store.path) == 0o600)
        #expect(try permissions(of: temporary.file("state/storefront")) == 0o700)
    }

    @Test("clears the session, and clearing again is fine")
    func clear() async throws {
        let temporary = try TemporaryDirectory()
        let store = FileSessionStore(directory: temporary.path)
        try await store.save(session)
        try await store.clear()
        try await store.clear()
        #expect(try await store.load() == nil)
    }

    @Test("a session file others can read is refused with the chmod that fixes it, and kept as it is")
    func refusesLooseFile() async throws {
        let temporary = try TemporaryDirectory()
        let store = FileSessionStore(directory: temporary.path)
        try await store.save(session)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.path)

        let error = await #expect(throws: SessionStoreError.self) {
            _ = try await store.load()
        }

        let sentence = error?.description ?? ""
        #expect(sentence.contains("chmod 600 \(store.path)"))
        #expect(!sentence.contains("secret"))
        #expect(FileManager.default.fileExists(atPath: store.path))
    }

    @Test("a damaged session file is reported without quoting it")
    func damagedFile() async throws {
        let temporary = try TemporaryDirectory()
        let store = FileSessionStore(directory: temporary.path)
        try await store.save(session)
        let handle = try #require(FileHandle(forWritingAtPath: store.path))
        try handle.truncate(atOffset: 20)
        try handle.close()

        await #expect(throws: SessionStoreError.unreadable(path: store.path)) {
            _ = try await store.load()
        }
    }

    @Test("the session never prints its tokens")
    func redacted() {
        var dumped = ""
        dump(session, to: &dumped)
        for text in ["\(session)", String(reflecting: session), dumped] {
            #expect(!text.contains("secret"))
        }
    }
}
