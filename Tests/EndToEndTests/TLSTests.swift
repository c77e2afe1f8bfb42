import Backend
import Foundation
import Infrastructure
import TestSupport
import Testing

/// https end to end (CLI.md, "TLS"): the real binary against the bundled backend
/// serving a certificate from a throw-away authority made for the test.
@Suite("TLS: trust, names and pins", .serialized, .timeLimit(.minutes(5)), .stopsItsBackends)
struct TLSTests {
    /// A backend serving `localhost`'s certificate from a fresh authority, and a CLI
    /// pointed at it with no trust settings yet.
    private func backend(names: [String] = ["localhost"]) async throws -> (TestCertificateAuthority, RunningBackend, CLI) {
        let authority = try await TestCertificateAuthority()
        let issued = try await authority.issue("server", names: names)
        let backend = try await RunningBackend.start(
            key: nil, tls: TLSFiles(certificateChain: issued.certificate, privateKey: issued.key)
        )
        do {
            return (authority, backend, try CLI(backend: backend, key: nil))
        } catch {
            await backend.stop()
            throw error
        }
    }

    private func logIn(_ cli: CLI, _ options: [String]) async throws -> CLI.Result {
        try await cli.run(["login", "--username", "emilys", "--password-stdin"] + options, input: "emilyspass\n")
    }

    @Test("an authority given with --ca-file is trusted: login and search work over https")
    func trustedAuthority() async throws {
        let (authority, _, cli) = try await backend()

        let login = try await logIn(cli, ["--ca-file", authority.certificate])
        var withVariable = cli
        withVariable.environment["STOREFRONT_CA_FILE"] = authority.certificate
        let search = try await withVariable.run(["search", "phone"])

        #expect(login.status == 0, "\(login.everything)")
        #expect(search.status == 0, "\(search.everything)")
        #expect(search.standardOutput.contains("of 25 results"))
    }

    @Test("an authority nobody trusts: exit 76 naming the host, and no cached answer stands in")
    func untrusted() async throws {
        let (authority, _, cli) = try await backend()
        #expect(try await logIn(cli, ["--ca-file", authority.certificate]).status == 0)
        // Cached now: an outage would be answered from the cache. A failed identity must not be.
        #expect(try await cli.run(["search", "phone", "--ca-file", authority.certificate]).status == 0)

        // --refresh: the cached page is fresh and would answer without a connection to verify.
        let search = try await cli.run(["search", "phone", "--json", "--refresh"])

        #expect(search.status == 76, "\(search.everything)")
        #expect(search.standardOutput.isEmpty)
        #expect(search.standardError.contains("localhost"))
        #expect(search.standardError.contains("not signed by an authority you trust"))
        #expect(search.standardError.contains(#""code":"server-identity""#))
    }

    @Test("a certificate for another name: exit 76, 'for another name'")
    func wrongName() async throws {
        let (authority, _, cli) = try await backend(names: ["store.example"])

        let login = try await logIn(cli, ["--ca-file", authority.certificate])

        #expect(login.status == 76, "\(login.everything)")
        #expect(login.standardError.contains("for another name"))
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory + "/session.json"))
    }

    @Test("an expired certificate from a trusted authority: exit 76, 'expired'")
    func expired() async throws {
        let authority = try await TestCertificateAuthority()
        let issued = try await authority.issueExpired("old", name: "localhost")
        let backend = try await RunningBackend.start(key: nil, tls: TLSFiles(certificateChain: issued.certificate, privateKey: issued.key))
        let cli = try CLI(backend: backend, key: nil)

        let login = try await logIn(cli, ["--ca-file", authority.certificate])

        #expect(login.status == 76, "\(login.everything)")
        #expect(login.standardError.contains("expired"))
    }

    @Test("a pin of the server's key, or of its authority's key only, lets the connection through")
    func pinsMatch() async throws {
        let (authority, _, cli) = try await backend()
        let serverPin = try await TestCertificateAuthority.pin(of: authority.folder.file("server.pem"))
        let authorityPin = try await TestCertificateAuthority.pin(of: authority.certificate)

        let leaf = try await logIn(cli, ["--ca-file", authority.certificate, "--pin", serverPin])
        let authorityOnly = try await cli.run(["whoami", "--ca-file", authority.certificate, "--pin", authorityPin])

        #expect(leaf.status == 0, "\(leaf.everything)")
        #expect(authorityOnly.status == 0, "\(authorityOnly.everything)")
    }

    @Test("a chain that carries no pinned key: exit 76, and the password was never sent")
    func pinMismatch() async throws {
        let (authority, _, cli) = try await backend()
        let other = try await TestCertificateAuthority(name: "Another CA")
        let otherPin = try await TestCertificateAuthority.pin(of: other.certificate)

        let login = try await logIn(cli, ["--ca-file", authority.certificate, "--pin", otherPin, "--verbose"])

        #expect(login.status == 76, "\(login.everything)")
        #expect(login.standardError.contains("no certificate in its chain matches a pinned key"))
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory + "/session.json"))
    }

    @Test("two pins during a rotation: the connection passes when either matches (STOREFRONT_PINS)")
    func rotation() async throws {
        let (authority, _, cli) = try await backend()
        let next = try await TestCertificateAuthority(name: "Next CA")
        let pins = [try await TestCertificateAuthority.pin(of: next.certificate), try await TestCertificateAuthority.pin(of: authority.certificate)]
        var rotating = cli
        rotating.environment["STOREFRONT_PINS"] = pins.joined(separator: ",")
        rotating.environment["STOREFRONT_CA_FILE"] = authority.certificate

        let login = try await logIn(rotating, [])
        let onlyTheNextOne = try await cli.run(["whoami", "--ca-file", authority.certificate, "--pin", pins[0]])

        #expect(login.status == 0, "\(login.everything)")
        #expect(onlyTheNextOne.status == 76)
    }

    @Test("pins or a CA file for an http backend are refused (78), not silently ignored; a bad pin is a usage error (64)")
    func trustSettingsNeedHTTPS() async throws {
        let cli = try CLI(backend: nil, key: nil)
        let pin = "sha256/" + String(repeating: "A", count: 43) + "="

        let httpPin = try await cli.run(["whoami", "--base-url", "http://127.0.0.1:9", "--pin", pin])
        let badPin = try await cli.run(["whoami", "--pin", "md5/abc"])

        #expect(httpPin.status == 78, "\(httpPin.everything)")
        #expect(httpPin.standardError.contains("https"))
        #expect(badPin.status == 64, "\(badPin.everything)")
    }

    @Test("`serve --tls-cert --tls-key` serves https and says so on its first line")
    func serveCommand() async throws {
        let authority = try await TestCertificateAuthority()
        let issued = try await authority.issue("server", names: ["localhost"])
        let serve = try await ServeProcess(["--plain", "--port", "0", "--tls-cert", issued.certificate, "--tls-key", issued.key])
        defer { withExtendedLifetime(serve) {} } // the server must outlive the login below
        let firstLine = serve.firstLine
        let port = try #require(firstLine.split(separator: ":").last)
        var cli = try CLI(backend: nil, key: nil)
        cli.environment["STOREFRONT_BASE_URL"] = "https://localhost:\(port)"
        let login = try await logIn(cli, ["--ca-file", authority.certificate])

        #expect(firstLine.hasPrefix("https://127.0.0.1:"))
        #expect(login.status == 0, "\(login.everything)")
    }

    @Test("sealed with the key configuration the https backend serves (RFC 9540), trusted and pinned like every request")
    func keysFromGateway() async throws {
        let authority = try await TestCertificateAuthority()
        let issued = try await authority.issue("server", names: ["localhost"])
        let key = try GatewayKey.fresh()
        let backend = try await RunningBackend.start(key: key, tls: TLSFiles(certificateChain: issued.certificate, privateKey: issued.key))
        let cli = try CLI(backend: backend, key: nil)
        let serverPin = try await TestCertificateAuthority.pin(of: authority.folder.file("server.pem"))
        let other = try await TestCertificateAuthority()
        let otherPin = try await TestCertificateAuthority.pin(of: other.certificate)
        let options = ["--ohttp-keys-from-gateway", "--ca-file", authority.certificate]

        let login = try await logIn(cli, options + ["--pin", serverPin])
        let search = try await cli.run(["search", "phone"] + options)
        let status = try await cli.run(["status", "--json"] + options)
        let wrongPin = try await cli.run(["search", "phone", "--refresh"] + options + ["--pin", otherPin])
        var plainHTTP = cli
        plainHTTP.environment["STOREFRONT_BASE_URL"] = "http://127.0.0.1:1"
        let overHTTP = try await plainHTTP.run(["whoami", "--ohttp-keys-from-gateway"])
        await backend.stop()

        #expect(login.status == 0, "\(login.everything)")
        #expect(search.status == 0 && search.standardOutput.contains("of 25 results"), "\(search.everything)")
        #expect(status.standardOutput.contains(#""ohttpKeysSource":"the gateway's /.well-known/ohttp-gateway""#), "\(status.everything)")
        #expect(wrongPin.status == 76, "a configuration from an unpinned server was taken: \(wrongPin.everything)")
        #expect(overHTTP.status == 78 && overHTTP.standardError.contains("only over https"), "\(overHTTP.everything)")
    }
}
