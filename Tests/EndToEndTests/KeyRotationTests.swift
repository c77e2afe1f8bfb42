import Backend
import Foundation
import Infrastructure
import Testing
import TestSupport

/// docs/OPERATIONS.md's rotation, end to end with the real programs: `storefront serve`
/// running, `storefront serve --rotate-key` beside it, and clients holding the old key
/// configuration and the new one.
@Suite("Gateway key rotation", .serialized, .timeLimit(.minutes(3)))
struct KeyRotationTests {
    @Test("after a rotation the old configuration works until its key's end; then a replaced file goes on, a stale copy gets the sentence (78)")
    func rotation() async throws {
        let folder = try TemporaryDirectory()
        let serve = try await ServeProcess(["--json", "--port", "0", "--data-dir", folder.path])
        let started = try #require(try JSONSerialization.jsonObject(with: Data(serve.firstLine.utf8)) as? [String: Any])
        let url = try #require(started["url"] as? String)
        let clientFile = try #require(started["keyFile"] as? String)
        let ring = folder.file("ohttp-gateway-keys.jwks")
        let oldID = try #require(try GatewayKeyFile.readConfigurations(at: clientFile).first?.keyID)
        #expect(started["keyId"] as? String == String(oldID))
        // A copy taken before the rotation: a client whose file nobody replaces.
        let staleCopy = folder.file("stale-ohttp-keys")
        try FileManager.default.copyItem(atPath: clientFile, toPath: staleCopy)

        var stale = try CLI(backend: nil, key: nil)
        stale.environment["STOREFRONT_BASE_URL"] = url
        stale.environment["STOREFRONT_OHTTP_KEYS_FILE"] = staleCopy
        #expect(try await stale.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n").status == 0)

        let rotate = try await stale.run(["serve", "--data-dir", folder.path, "--rotate-key", "--json"])
        #expect(rotate.status == 0, "\(rotate.everything)")
        let rotated = try #require(try JSONSerialization.jsonObject(with: Data(rotate.standardOutput.utf8)) as? [String: Any])
        let newID = try #require(try GatewayKeyFile.readConfigurations(at: clientFile).first?.keyID)
        #expect(newID != oldID && rotated["keyId"] as? String == String(newID))
        let previous = try #require((rotated["previous"] as? [[String: Any]])?.first)
        #expect(previous["keyId"] as? String == String(oldID))

        // The running backend took the new ring; the old key is still within its time.
        let during = try await stale.run(["search", "phone", "--refresh"])
        #expect(during.status == 0, "\(during.everything)")
        let status = try await stale.run(["status", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        #expect(document["ohttpKeyId"] as? String == String(oldID))

        // Its time runs out: the ring as it will read once the day is over.
        let now = Int64(Date().timeIntervalSince1970)
        let current = try GatewayKeyFile.readRing(at: ring)
        try GatewayKeyFile.write(try GatewayKeyRing(current: current.current, previous: [.init(key: current.entries[1].key, notAfter: now - 1)]), to: ring)
        let before = try DataFolder.snapshot(stale.dataDirectory)
        let after = try await stale.run(["search", "phone", "--refresh"])
        #expect(after.status == 78, "\(after.everything)")
        #expect(after.standardError.contains("refused the key \(oldID) (unknown to the gateway, or retired)"), "\(after.standardError)")
        #expect(try DataFolder.snapshot(stale.dataDirectory) == before, "the session or the cache changed")

        // The file the rotation replaced: the same person goes on.
        var renewed = stale
        renewed.environment["STOREFRONT_OHTTP_KEYS_FILE"] = clientFile
        let search = try await renewed.run(["search", "phone", "--refresh"])
        #expect(search.status == 0, "\(search.everything)")
    }

    @Test("rotation refuses the clients' configuration file, and a previous lifetime of 0 retires the old key at once")
    func rotationRules() async throws {
        let folder = try TemporaryDirectory()
        let cli = try CLI(backend: nil, key: nil, dataDirectory: folder.path)
        let first = try GatewayKey.fresh()
        let refused = try await cli.run(["serve", "--rotate-key", "--gateway-key-file", first.configurationFile])
        #expect(refused.status == 78 && refused.standardError.contains("is not usable"), "\(refused.everything)")

        try GatewayKeyFile.write(first.ring, to: folder.file("ring.jwks"))
        let retired = try await cli.run(["serve", "--rotate-key", "--previous-key-lifetime", "0", "--gateway-key-file", folder.file("ring.jwks")])
        #expect(retired.status == 0, "\(retired.everything)")
        let ring = try GatewayKeyFile.readRing(at: folder.file("ring.jwks"))
        #expect(ring.entries.count == 1 && ring.current.configuration != first.ring.current.configuration)
        #expect(try GatewayKeyFile.readConfigurations(at: folder.file("ohttp-keys")) == [ring.current.configuration])
    }
}
