@testable import Data
import Foundation
import Infrastructure
#if canImport(Glibc)
import Glibc
#endif
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
        let refused = await #expect(throws: SessionStoreError.self) {
            try await store.checkPrivacy()
        }

        guard case .untrusted = error, case .untrusted = refused else {
            Issue.record("a loosened file is untrusted, not \(String(describing: error)), \(String(describing: refused))")
            return
        }
        let sentence = error?.description ?? ""
        #expect(sentence.contains("chmod 600 \(store.path)"))
        #expect(!sentence.contains("secret"))
        #expect(FileManager.default.fileExists(atPath: store.path))
    }

    @Test("after a load, what another process saved or removed, and a loosened file, are each seen at the next load")
    func changesSeenAfterALoad() async throws {
        let temporary = try TemporaryDirectory()
        let store = FileSessionStore(directory: temporary.path)
        try await store.save(session)
        #expect(try await store.load() == session)

        // Another process: a store of its own on the same folder.
        let renewed = Session(accessToken: "access-2", refreshToken: "refresh-2", userID: 1)
        try await FileSessionStore(directory: temporary.path).save(renewed)
        #expect(try await store.load() == renewed)

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.path)
        await #expect(throws: SessionStoreError.self) { _ = try await store.load() }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store.path)
        #expect(try await store.load() == renewed)

        try await FileSessionStore(directory: temporary.path).clear()
        #expect(try await store.load() == nil)
    }

    @Test("an unchanged file is read once: a file whose inode, size, time and mode all stay the same answers from memory")
    func readOnce() async throws {
        let temporary = try TemporaryDirectory()
        let store = FileSessionStore(directory: temporary.path)
        try await store.save(session)
        #expect(try await store.load() == session)

        // The same bytes' length, written in place, and the modification time put back:
        // nothing `stat` shows has changed, so the next load does not read the file.
        var before = stat()
        #expect(stat(store.path, &before) == 0)
        let original = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let altered = Data(String(decoding: original, as: UTF8.self).replacingOccurrences(of: "access-secret", with: "access-SECRET").utf8)
        #expect(altered.count == original.count && altered != original)
        let handle = try #require(FileHandle(forWritingAtPath: store.path))
        try handle.write(contentsOf: altered)
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, store.path, &times, 0) == 0)

        #expect(try await store.load()?.accessToken == "access-secret")
        // A fresh store (another command) reads the file.
        #expect(try await FileSessionStore(directory: temporary.path).load()?.accessToken == "access-SECRET")
    }

    @Test("a damaged session file is reported without quoting it")
    func damagedFile() async throws {
        let temporary = try TemporaryDirectory()
        let store = FileSessionStore(directory: temporary.path)
        try await store.save(session)
        let handle = try #require(FileHandle(forWritingAtPath: store.path))
        try handle.truncate(atOffset: 20)
        try handle.close()

        await #expect(throws: SessionStoreError.damaged("\(store.path) does not hold a session; run `storefront logout` to remove it")) {
            _ = try await store.load()
        }
    }

    /// Found by FuzzSessionFile: a file the client could never have written was taken
    /// as a session, and its token sent with its line break turned into a space.
    @Test("a session file whose tokens cannot be sent back is reported as unreadable", arguments: [
        #"{"accessToken":"a\nb","refreshToken":"r","userID":1}"#, #"{"accessToken":"a","refreshToken":"","userID":1}"#,
    ])
    func unsendableTokens(file: String) async throws {
        let temporary = try TemporaryDirectory()
        let store = FileSessionStore(directory: temporary.path)
        try await store.save(session)
        try PrivateFiles.writeAtomically(Array(file.utf8), to: store.path)

        await #expect(throws: SessionStoreError.damaged("\(store.path) does not hold a session; run `storefront logout` to remove it")) {
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
