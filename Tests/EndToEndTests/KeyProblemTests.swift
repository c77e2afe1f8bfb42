import Backend
import Foundation
import Infrastructure
import Testing
import TestSupport

/// The one unsealed answer a sealed client acts on, RFC 9458's `ohttp-key` problem, as a
/// rotation gives it and as a relay forges it: a request that may be sent twice is sent
/// once more under the configuration read again; a login never is.
@Suite("The ohttp-key problem, rotated and forged", .timeLimit(.minutes(2)), .stopsItsBackends)
struct KeyProblemTests {
    /// A backend whose ring is a file, a relay in front, and a client whose key
    /// configuration is a file, sealing to the ring's current key.
    struct Rotation {
        let ringFile: String
        let clientFile: String
        let newFile: String
        let old: GatewayKeyRing
        let backend: RunningBackend
        let proxy: RecordingProxy
        let cli: CLI

        static func start(in folder: TemporaryDirectory) async throws -> Rotation {
            let ringFile = folder.file("ring.jwks")
            let old = try GatewayKeyRing(current: GatewayKeyRing.freshKey(after: nil))
            try GatewayKeyFile.write(old, to: ringFile)
            let backend = try await RunningBackend.start(keys: try GatewayKeys(file: ringFile))
            let proxy = try backend.relay()
            let clientFile = folder.file("ohttp-keys")
            try GatewayKeyFile.writeConfigurations(old.configurations(at: 0), to: clientFile)
            var cli = try CLI(backend: backend, key: nil)
            cli.environment["STOREFRONT_OHTTP_KEYS_FILE"] = clientFile
            cli.environment["STOREFRONT_OHTTP_RELAY"] = proxy.url + ObliviousGatewayPath.wellKnown
            return Rotation(ringFile: ringFile, clientFile: clientFile, newFile: folder.file("new-ohttp-keys"), old: old, backend: backend, proxy: proxy, cli: cli)
        }

        /// Rotates the ring, keeping the old key for `previousLifetime` seconds, and
        /// writes the new client configuration beside the client's, not yet in its place.
        func rotate(previousLifetime: Int64) throws {
            let rotated = try old.rotated(previousLifetime: previousLifetime, at: Int64(Date().timeIntervalSince1970))
            try GatewayKeyFile.write(rotated, to: ringFile)
            try GatewayKeyFile.writeConfigurations(rotated.configurations(at: 0), to: newFile)
        }

        func stop() async {
            proxy.stop()
            await backend.stop()
        }
    }

    /// docs/OPERATIONS.md's rotation, step 2: the file replaced while a command is under
    /// way. The relay swaps the client's file for the new one as the gateway refuses the
    /// old key, so the process that read the old configuration meets the refusal.
    @Test("a client whose key was retired under it reads its file again once, takes the new configuration, and goes on")
    func rotatedUnderway() async throws {
        let folder = try TemporaryDirectory()
        let path = try await Rotation.start(in: folder)
        let login = try await path.cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")

        // Rotated with no grace: the old key opens nothing from now on.
        try path.rotate(previousLifetime: 0)
        path.proxy.tamper(withNext: SealedAttackTests.next) { [newFile = path.newFile, clientFile = path.clientFile] _ in
            _ = rename(newFile, clientFile)
        }
        let before = path.proxy.exchanges.count
        let search = try await path.cli.run(["search", "phone", "--refresh"])
        let exchanges = Array(path.proxy.exchanges.dropFirst(before))
        await path.stop()

        #expect(login.status == 0, "\(login.everything)")
        #expect(search.status == 0, "\(search.everything)")
        #expect(exchanges.map(\.status) == [400, 200], "\(exchanges.map(\.status))")
        #expect(exchanges.first.map { String(decoding: $0.body, as: UTF8.self).contains("#ohttp-key") } == true)
    }

    /// RFC 9458 section 5.3's problem is unsealed, so a relay can forge it. Here the
    /// gateway served the login under the old key, still accepted after a rotation, and
    /// the relay answers with the problem instead; the client's file already holds the
    /// new configuration. Sent again under it, the login would be served twice.
    @Test("a login met with a forged ohttp-key problem is not sent again: one token pair, 75 and a sentence")
    func forgedOnALogin() async throws {
        let folder = try TemporaryDirectory()
        let path = try await Rotation.start(in: folder)
        try path.rotate(previousLifetime: 3_600)
        let problem = Array(#"{"type":"https://iana.org/assignments/http-problem-types#ohttp-key","title":"key identifier unknown"}"#.utf8)
        path.proxy.tamper(withNext: SealedAttackTests.next) { [newFile = path.newFile, clientFile = path.clientFile] exchange in
            _ = rename(newFile, clientFile)
            exchange = .init(request: exchange.request, status: 400, headers: ["content-type": "application/problem+json"], body: problem)
        }
        let login = try await path.cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        let grants = await path.backend.server.grantCount()
        let exchanges = path.proxy.exchanges.count
        await path.stop()

        #expect(login.status == 75, "\(login.everything)")
        #expect(login.standardError.contains("never sent twice"), "\(login.everything)")
        #expect(exchanges == 1 && grants == 1, "sent \(exchanges) times, \(grants) token pairs")
        #expect(try DataFolder.snapshot(path.cli.dataDirectory)["session.json"] == nil, "a session was kept from a forged answer")
    }
}
