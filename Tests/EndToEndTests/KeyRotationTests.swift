import Backend
import Foundation
import Infrastructure
import Testing
import TestSupport

/// docs/OPERATIONS.md's rotation, end to end with the real programs: `storefront serve`
/// running, `storefront serve --rotate-key` beside it, and clients holding the old key
/// and the new one.
@Suite("Payload key rotation", .serialized, .timeLimit(.minutes(3)))
struct KeyRotationTests {
    @Test("after a rotation the old key works until its time runs out, then gets the key sentence (78); the new key works")
    func rotation() async throws {
        let folder = try TemporaryDirectory()
        let serve = try await ServeProcess(["--json", "--port", "0", "--data-dir", folder.path])
        let started = try #require(try JSONSerialization.jsonObject(with: Data(serve.firstLine.utf8)) as? [String: Any])
        let url = try #require(started["url"] as? String)
        let clientFile = try #require(started["keyFile"] as? String)
        let ring = folder.file("payload-keys.jwks")
        let oldKey = try PayloadKeyFile.readKey(at: clientFile)
        #expect(started["keyId"] as? String == oldKey.id)

        var old = try CLI(backend: nil, key: oldKey)
        old.environment["STOREFRONT_BASE_URL"] = url
        #expect(try await old.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n").status == 0)

        let rotate = try await old.run(["serve", "--data-dir", folder.path, "--rotate-key", "--json"])
        #expect(rotate.status == 0, "\(rotate.everything)")
        let rotated = try #require(try JSONSerialization.jsonObject(with: Data(rotate.standardOutput.utf8)) as? [String: Any])
        let newKey = try PayloadKeyFile.readKey(at: clientFile)
        #expect(newKey != oldKey && rotated["keyId"] as? String == newKey.id)
        let previous = try #require((rotated["previous"] as? [[String: Any]])?.first)
        #expect(previous["keyId"] as? String == oldKey.id)

        // The running backend took the new ring; the old key is still within its time.
        let during = try await old.run(["search", "phone", "--refresh"])
        #expect(during.status == 0, "\(during.everything)")
        let status = try await old.run(["status", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        #expect(document["payloadKeyId"] as? String == oldKey.id)

        // Its time runs out: the ring as it will read once the day is over.
        let now = Int64(Date().timeIntervalSince1970)
        try PayloadKeyFile.write(try PayloadKeyRing(current: newKey, previous: [.init(key: oldKey, notAfter: now - 1)]), to: ring)
        let before = try DataFolder.snapshot(old.dataDirectory)
        let after = try await old.run(["search", "phone", "--refresh"])
        #expect(after.status == 78, "\(after.everything)")
        #expect(after.standardError.contains("no longer accepts the payload key \(oldKey.id)"), "\(after.standardError)")
        #expect(try DataFolder.snapshot(old.dataDirectory) == before, "the session or the cache changed")

        // With the key file the rotation wrote, the same person works again.
        var renewed = old
        renewed.environment["STOREFRONT_PAYLOAD_KEY"] = nil
        let search = try await renewed.run(["search", "phone", "--refresh", "--payload-key-file", clientFile])
        #expect(search.status == 0, "\(search.everything)")
    }

    @Test("rotation refuses a client's key file, and a previous lifetime of 0 retires the old key at once")
    func rotationRules() async throws {
        let folder = try TemporaryDirectory()
        let cli = try CLI(backend: nil, key: nil, dataDirectory: folder.path)
        let first = try PayloadKey.fresh()
        try PayloadKeyFile.write(first, to: folder.file("payload-key.jwk"))
        let refused = try await cli.run(["serve", "--rotate-key", "--payload-key-file", folder.file("payload-key.jwk")])
        #expect(refused.status == 78 && refused.standardError.contains("is a client's key file"), "\(refused.everything)")

        try PayloadKeyFile.write(try PayloadKeyRing(current: first), to: folder.file("ring.jwks"))
        let retired = try await cli.run(["serve", "--rotate-key", "--previous-key-lifetime", "0", "--payload-key-file", folder.file("ring.jwks")])
        #expect(retired.status == 0, "\(retired.everything)")
        let ring = try PayloadKeyFile.readRing(at: folder.file("ring.jwks"))
        #expect(ring.entries.count == 1 && ring.current != first)
    }
}
