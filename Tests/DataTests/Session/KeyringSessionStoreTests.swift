@testable import Data
import Foundation
import Infrastructure
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The kernel keyring store, beyond the contract every store keeps: the key's name and
/// permissions, a loosened or damaged key, and what each failure of the kernel means.
/// Each test's key is named for a folder of its own and is gone when it ends.
@Suite("KeyringSessionStore", .timeLimit(.minutes(1)), .enabled(if: SessionKeys.areUsable, SessionKeys.skipped))
struct KeyringSessionStoreTests {
    let session = Session(accessToken: "access-secret", refreshToken: "refresh-secret", userID: 1)

    @Test("every clause of the contract, and no key left in /proc/keys after")
    func contractLeavesNoKey() async throws {
        let kind = SessionStoreKind.keyring
        #expect(try await SessionStoreContract.broken { try await $0(kind) } == [])
        #expect(!kind.folders.all.isEmpty)
        for folder in kind.folders.all {
            #expect(await SessionKeys.gone(for: folder), "\(SessionKeys.name(for: folder)) was left behind")
        }
    }

    @Test("a user key named for the data folder, owner-only, the session its payload; logout takes it away")
    func theKey() async throws {
        let folder = try TemporaryDirectory()
        defer { SessionKeys.remove(for: folder.path) }
        let store = KeyringSessionStore(directory: folder.path)
        try await store.save(session)

        let keys = SessionKeys.procKeys().split(separator: "\n")
        let line = try #require(keys.first { $0.contains(" \(SessionKeys.name(for: folder.path)):") })
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        #expect(fields[4] == "3f010000", "\(line)")
        #expect(fields[7] == "user", "\(line)")
        #expect(SessionKeys.payload(for: folder.path).map { Session(encoded: Array($0.utf8)) } == session)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "something was written to the data folder")

        try await store.clear()
        #expect(await SessionKeys.gone(for: folder.path))
        #expect(try await store.load() == nil)
    }

    @Test("a key someone loosened is refused, with the keyctl that fixes it, and kept as it is")
    func loosenedKey() async throws {
        let folder = try TemporaryDirectory()
        defer { SessionKeys.remove(for: folder.path) }
        let store = KeyringSessionStore(directory: folder.path)
        try await store.save(session)
        let keyring = KernelKeyring()
        let (ring, _) = try keyring.keyring()
        let key = try #require(try keyring.find(SessionKeys.name(for: folder.path), in: ring))
        try keyring.setPermissions(0x3f3f_3f3f, of: key)

        let loading = await #expect(throws: SessionStoreError.self) { _ = try await store.load() }
        let checking = await #expect(throws: SessionStoreError.self) { try await store.checkPrivacy() }
        let report = await store.inspect()

        for error in [loading, checking] {
            guard case .untrusted(let reason) = error else {
                Issue.record("a loosened key is untrusted, not \(String(describing: error))")
                continue
            }
            #expect(reason.contains("keyctl setperm \(key) 0x3f010000"), "\(reason)")
            #expect(!reason.contains("secret"))
        }
        #expect(!report.isPrivate && report.permissions == "3f3f3f3f" && report.fix == "keyctl setperm \(key) 0x3f010000")
        #expect(SessionKeys.payload(for: folder.path) != nil, "the key was removed")
    }

    @Test("a key that holds no session is reported without quoting it, and logout removes it")
    func damagedKey() async throws {
        let folder = try TemporaryDirectory()
        defer { SessionKeys.remove(for: folder.path) }
        let keyring = KernelKeyring()
        let (ring, _) = try keyring.keyring()
        try keyring.put(Array(#"{"accessToken":"a\nb","refreshToken":"r","userID":1}"#.utf8), as: SessionKeys.name(for: folder.path), in: ring)
        let store = KeyringSessionStore(directory: folder.path)

        await #expect(throws: SessionStoreError.damaged("the key \(SessionKeys.name(for: folder.path)) does not hold a session; run `storefront logout` to remove it")) {
            _ = try await store.load()
        }
        try await store.clear()
        #expect(await SessionKeys.gone(for: folder.path))
    }

    /// Each failure of the kernel as the store words it: a quota is not a full disk,
    /// and a refusal says what to use instead.
    @Test("what each refusal of the kernel means", arguments: [
        (EDQUOT, "quota"), (EPERM, "unavailable"), (ENOSYS, "unavailable"), (EACCES, "unavailable"),
    ])
    func refusals(code: Int32, meaning: String) {
        let error = KeyringSessionStore.storeError(KeyringError(operation: "add_key", code: code))
        switch error {
        case .quotaExceeded(let reason):
            #expect(meaning == "quota")
            #expect(reason.contains("/proc/key-users"))
        case .unavailable(let reason):
            #expect(meaning == "unavailable")
            #expect(reason.contains("--session-store file"))
        default:
            Issue.record("\(error)")
        }
    }
}
