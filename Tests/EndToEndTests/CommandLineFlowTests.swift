import Backend
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Infrastructure
import TestSupport
import Testing

/// The real binary against the bundled backend over loopback HTTP: every row of
/// CLI.md's exit statuses, sealed and plain.
@Suite("storefront end to end", .serialized, .timeLimit(.minutes(5)), .stopsItsBackends)
struct CommandLineFlowTests {
    @Test("login, whoami, search pages and logout over sealed HTTP, on each adapter and session store, and each backend database", arguments: ClientSetup.all, StoreDatabaseKind.tested)
    func sealedFlow(setup: ClientSetup, database: StoreDatabaseKind) async throws {
        let key = try GatewayKey.fresh()
        let backend = try await RunningBackend.start(key: key, on: database)
        let cli = try CLI(backend: backend, key: key, transport: setup.transport, sessionStore: setup.store)

        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        let whoami = try await cli.run(["whoami"])
        let page1 = try await cli.run(["search", "phone"])
        let page2 = try await cli.run(["search", "phone", "--page", "2", "--json"])
        let logout = try await cli.run(["logout"])
        let afterLogout = try await cli.run(["whoami"])

        #expect(login.status == 0)
        #expect(login.standardOutput == "Signed in as Emily Johnson (emilys)\n")
        #expect(whoami.standardOutput.hasPrefix("Emily Johnson (emilys)\n"))
        #expect(page1.status == 0)
        #expect(page1.standardOutput.contains("Showing 1–10 of 25 results for \"phone\""))
        #expect(page1.standardOutput.hasPrefix(" ID  TITLE"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(page2.standardOutput.utf8)) as? [String: Any])
        #expect(document["skip"] as? Int == 10)
        #expect(document["source"] as? String == "network")
        #expect((document["products"] as? [Any])?.count == 10)
        #expect(logout.status == 0)
        #expect(afterLogout.status == 77)
        #expect(afterLogout.standardError.contains("not signed in"))
        #expect(try await cli.storedSession() == nil)
    }

    @Test("an expired access token is refreshed without the user noticing", arguments: ClientSetup.all, StoreDatabaseKind.tested)
    func transparentRefresh(setup: ClientSetup, database: StoreDatabaseKind) async throws {
        let clock = FakeWallClock(Date())
        let (_, cli, _) = try await CLI.signedIn(
            clock: clock, tokenLifetime: .seconds(60), transport: setup.transport, sessionStore: setup.store, database: database
        )
        let before = try #require(try await cli.storedSession())

        clock.advance(by: 120) // the access token is now expired
        let search = try await cli.run(["search", "phone", "--verbose"])

        #expect(search.status == 0, "\(search.everything)")
        #expect(search.standardError.contains("POST /auth/refresh 200"))
        let after = try #require(try await cli.storedSession())
        #expect(before != after)
    }

    @Test("a refused refresh ends the session: exit 77, and the session is cleared", arguments: ClientSetup.all, StoreDatabaseKind.tested)
    func refusedRefresh(setup: ClientSetup, database: StoreDatabaseKind) async throws {
        let clock = FakeWallClock(Date())
        let (backend, cli, key) = try await CLI.signedIn(
            clock: clock, tokenLifetime: .seconds(60), transport: setup.transport, sessionStore: setup.store, database: database
        )
        // Spend the refresh token behind the client's back, as a second device would.
        let stored = try #require(try await cli.storedSession())
        let session = try #require(try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: Any])
        let refreshToken = try #require(session["refreshToken"] as? String)
        let spent = try await key.send("POST", "/auth/refresh", json: #"{"refreshToken":"\#(refreshToken)"}"#, to: backend.url)
        #expect(spent.status == 200)

        clock.advance(by: 120)
        let whoami = try await cli.run(["whoami"])

        #expect(whoami.status == 77, "\(whoami.everything)")
        #expect(whoami.standardError.contains("session has expired"))
        #expect(try await cli.storedSession() == nil)
    }

    @Test("a wrong password exits 77 and keeps the earlier session", arguments: ClientSetup.all)
    func wrongPassword(setup: ClientSetup) async throws {
        let (_, cli, _) = try await CLI.signedIn(transport: setup.transport, sessionStore: setup.store)
        let before = try await cli.storedSession()

        let wrong = try await cli.run(["login", "--username", "emilys", "--password-stdin", "--json"], input: "nope\n")
        let whoami = try await cli.run(["whoami"])

        #expect(wrong.status == 77)
        #expect(wrong.standardOutput.isEmpty)
        #expect(wrong.standardError.hasSuffix(#"{"error":{"code":"invalid-credentials","message":"The username or password is wrong; check them and log in again."}}"# + "\n"))
        #expect(whoami.status == 0)
        #expect(try await cli.storedSession() == before)
    }

    @Test("with the backend stopped, a cached page is served from the cache and an uncached one exits 69", arguments: ClientTransport.builtIn)
    func offline(transport: ClientTransport) async throws {
        let (backend, cli, _) = try await CLI.signedIn(transport: transport)
        _ = try await cli.run(["search", "phone"])
        await backend.stop()

        // --refresh: the cached page is still fresh, and would answer without trying.
        let cached = try await cli.run(["search", "phone", "--json", "--refresh"])
        let human = try await cli.run(["search", "phone", "--refresh"])
        let uncached = try await cli.run(["search", "phone", "--page", "2"])
        let whoami = try await cli.run(["whoami"])

        #expect(cached.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(cached.standardOutput.utf8)) as? [String: Any])
        #expect(document["source"] as? String == "cache")
        #expect(document["cachedAt"] is String)
        #expect(human.standardError.contains("offline: showing results cached"))
        #expect(uncached.status == 69)
        #expect(whoami.status == 0)
        #expect(whoami.standardError.contains("offline: showing your profile cached"))
    }

    @Test("a second search within max-age sends nothing; --refresh revalidates and gets a 304; logout purges", arguments: ClientTransport.builtIn)
    func freshness(transport: ClientTransport) async throws {
        let (_, cli, _) = try await CLI.signedIn(transport: transport)

        let first = try await cli.run(["search", "phone", "--verbose"])
        let second = try await cli.run(["search", "phone", "--verbose", "--json"])
        let refreshed = try await cli.run(["search", "phone", "--verbose", "--refresh"])
        let offline = try await cli.run(["search", "phone", "--offline"])
        let logout = try await cli.run(["logout"])
        let afterLogout = try await cli.run(["search", "phone", "--offline", "--json"])

        #expect(first.standardError.contains("GET /auth/products/search?q=phone&limit=10&skip=0 200"), "\(first.standardError)")
        #expect(first.standardError.contains("cache miss, stored"))
        #expect(second.status == 0)
        #expect(second.standardError.contains("not sent, cache hit, fresh for"), "\(second.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(second.standardOutput.utf8)) as? [String: Any])
        #expect(document["source"] as? String == "cache")
        #expect(document["cachedAt"] is String)
        #expect(refreshed.standardError.contains(" 304 "), "\(refreshed.standardError)")
        #expect(refreshed.standardError.contains("cache hit, revalidated"))
        #expect(!refreshed.standardError.contains("from the cache"), "a 304 answer counts as from the network")
        #expect(offline.standardError.contains("--offline: showing results cached"), "\(offline.standardError)")
        #expect(logout.status == 0)
        #expect(afterLogout.status == 77, "\(afterLogout.everything)") // signed out: whose cache?
        let cacheFiles = try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory + "/cache")
        #expect(cacheFiles.filter { $0.hasSuffix(".json") }.isEmpty, "\(cacheFiles)")
    }

    @Test("product ID: in full, as JSON, from the cache when the backend is away; unknown 1, bad 64, uncached 69", arguments: ClientTransport.builtIn)
    func product(transport: ClientTransport) async throws {
        let (backend, cli, _) = try await CLI.signedIn(transport: transport)
        let human = try await cli.run(["product", "1"])
        let json = try await cli.run(["product", "1", "--json"])
        let unknown = try await cli.run(["product", "99999", "--json"])
        let invalid = try await cli.run(["product", "0"])
        await backend.stop()
        let offline = try await cli.run(["product", "1", "--refresh"])
        let uncached = try await cli.run(["product", "2"])

        #expect(human.status == 0, "\(human.everything)")
        #expect(human.standardOutput.contains("Category  ") && human.standardOutput.contains("Price     $"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(document["id"] as? Int == 1)
        #expect(document["source"] as? String == "cache") // the first call stored it, still fresh
        #expect(document["description"] is String && document["tags"] is [String] && document["discountPercentage"] is Double)
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains(#"{"error":{"code":"not-found","message":"No product 99999 exists."}}"#))
        #expect(invalid.status == 64)
        #expect(offline.status == 0)
        #expect(offline.standardError.contains("offline: showing the product cached"))
        #expect(uncached.status == 69)
    }

    @Test("categories and category SLUG: human, --json, from the cache when the backend is away, and their errors")
    func categories() async throws {
        let (backend, cli, _) = try await CLI.signedIn()
        let list = try await cli.run(["categories"])
        let listJSON = try await cli.run(["categories", "--json"])
        let page = try await cli.run(["category", "laptops", "--limit", "5", "--page", "2"])
        let pageJSON = try await cli.run(["category", "Laptops", "--limit", "5", "--page", "2", "--json"])
        let unknown = try await cli.run(["category", "nothing-here"])
        let invalid = try await cli.run(["category", "../admin"])
        await backend.stop()
        let offlineList = try await cli.run(["categories", "--refresh"])
        let offlinePage = try await cli.run(["category", "laptops", "--limit", "5", "--page", "2", "--refresh"])
        let uncached = try await cli.run(["category", "tablets"])

        #expect(list.status == 0, "\(list.everything)")
        #expect(list.standardOutput.contains("mobile-accessories\tMobile Accessories")) // piped: tab-separated
        let listDocument = try #require(try JSONSerialization.jsonObject(with: Data(listJSON.standardOutput.utf8)) as? [String: Any])
        #expect((listDocument["categories"] as? [[String: String]])?.contains { $0["slug"] == "laptops" } == true)
        #expect(page.status == 0, "\(page.everything)")
        #expect(page.standardOutput.contains("Showing 6–10 of 25 products in \"laptops\""), "\(page.standardOutput)")
        let pageDocument = try #require(try JSONSerialization.jsonObject(with: Data(pageJSON.standardOutput.utf8)) as? [String: Any])
        #expect(pageDocument["category"] as? String == "laptops")
        #expect(pageDocument["skip"] as? Int == 5)
        #expect(unknown.status == 0)
        #expect(unknown.standardOutput.contains(#"No results in "nothing-here""#))
        #expect(invalid.status == 64)
        #expect(offlineList.status == 0 && offlineList.standardError.contains("offline: showing categories cached"))
        #expect(offlinePage.status == 0 && offlinePage.standardError.contains("offline: showing products cached"))
        #expect(uncached.status == 69)
    }

    @Test("status: exit 0 signed out or in, no folder made, the session's mode and the cache's figures, no request")
    func status() async throws {
        let (backend, cli, _) = try await CLI.signedIn()
        var fresh = try CLI(backend: backend, key: nil)
        fresh.environment["STOREFRONT_DATA_DIR"] = fresh.dataDirectory + "/not-yet"
        _ = try await cli.run(["search", "phone"])
        let requestsBefore = await backend.server.requestCount()

        let signedOut = try await fresh.run(["status"])
        let signedIn = try await cli.run(["status", "--json"])
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: cli.dataDirectory + "/session.json")
        let loose = try await cli.run(["status"])

        #expect(signedOut.status == 0, "\(signedOut.everything)")
        #expect(signedOut.standardOutput.contains("Signed in     no"))
        #expect(!FileManager.default.fileExists(atPath: fresh.dataDirectory + "/not-yet"), "status made a folder")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(signedIn.standardOutput.utf8)) as? [String: Any])
        #expect(document["signedIn"] as? Bool == true)
        #expect(document["mode"] as? String == "sealed")
        #expect((document["session"] as? [String: Any])?["permissions"] as? String == "600")
        #expect((document["session"] as? [String: Any])?["store"] as? String == "file")
        #expect(((document["cache"] as? [String: Any])?["entries"] as? Int ?? 0) >= 1)
        #expect(loose.status == 0)
        #expect(loose.standardOutput.contains("mode 644, others can read it: chmod 600"))
        #expect(await backend.server.requestCount() == requestsBefore, "status sent a request")

        // --check is the one status that asks the backend.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: cli.dataDirectory + "/session.json")
        let checked = try await cli.run(["status", "--check"])
        #expect(checked.status == 0)
        #expect(checked.standardOutput.contains("Checked       the backend accepts the session"), "\(checked.everything)")
        #expect(await backend.server.requestCount() > requestsBefore)
    }

    @Test("--offline with nothing cached exits 69 without touching the network; with --refresh it is a usage error")
    func offlineFlag() async throws {
        let (backend, cli, _) = try await CLI.signedIn()
        let requestsBefore = await backend.server.requestCount()

        let nothing = try await cli.run(["search", "tablet", "--offline", "--json"])
        let both = try await cli.run(["search", "tablet", "--offline", "--refresh"])

        #expect(nothing.status == 69, "\(nothing.everything)")
        #expect(nothing.standardError.contains(#""code":"not-cached""#))
        #expect(await backend.server.requestCount() == requestsBefore)
        #expect(both.status == 64)
        await backend.stop()
    }

    @Test("sealed to a key the gateway cannot open with, or answered unsealed, exits 65", arguments: ClientTransport.builtIn)
    func unusableAnswers(transport: ClientTransport) async throws {
        let serverKey = try GatewayKey.fresh()
        let sealed = try await RunningBackend.start(key: serverKey)
        let plain = try await RunningBackend.start(key: nil)
        // The server's key id with another public key: the id is known, nothing opens.
        let clientKey = try GatewayKey.impostor(of: serverKey.ring.current.configuration.keyID)

        let wrongKey = try await CLI(backend: sealed, key: clientKey, transport: transport)
            .run(["login", "--username", "emilys", "--password-stdin", "--verbose"], input: "emilyspass\n")
        let downgrade = try await CLI(backend: plain, key: clientKey, transport: transport)
            .run(["login", "--username", "emilys", "--password-stdin", "--verbose"], input: "emilyspass\n")

        #expect(wrongKey.status == 65)
        #expect(wrongKey.standardError.contains("not an encapsulated response"))
        #expect(downgrade.status == 65)
        #expect(downgrade.standardError.contains("not an encapsulated response"))
    }

    @Test("plain mode works end to end when neither side has a key", arguments: ClientTransport.builtIn)
    func plainMode(transport: ClientTransport) async throws {
        let backend = try await RunningBackend.start(key: nil)
        let cli = try CLI(backend: backend, key: nil, transport: transport)
        _ = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")

        let search = try await cli.run(["search", "phone", "--limit", "5"])

        #expect(search.status == 0)
        #expect(search.standardOutput.contains("Showing 1–5 of 25 results"))
    }

    @Test("503s on a search are absorbed by the retry", arguments: ClientTransport.builtIn)
    func retryAbsorbs503(transport: ClientTransport) async throws {
        let (backend, cli, _) = try await CLI.signedIn(transport: transport)
        await backend.server.failNextRequests(2)

        let search = try await cli.run(["search", "phone", "--verbose"])

        #expect(search.status == 0, "\(search.everything)")
        #expect(search.standardError.contains("200"))
        #expect(search.standardError.contains("attempt 3"))
    }

    /// The flows above take the adapter as their argument; this shows the argument is
    /// not ignored. libcurl, under URLSession, names itself in a User-Agent header;
    /// AsyncHTTPClient sends none, and neither does our code.
    @Test("STOREFRONT_TRANSPORT picks the adapter that carries the requests", arguments: ClientTransport.builtIn)
    func transportIsChosen(transport: ClientTransport) async throws {
        let server = try LoopbackHTTPServer { _ in .respond(status: 401, headers: [:], body: Array(#"{"message":"no"}"#.utf8)) }
        defer { server.stop() }
        var cli = try CLI(backend: nil, key: nil, transport: transport)
        cli.environment["STOREFRONT_BASE_URL"] = server.baseURL.absoluteString

        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "x\n")

        #expect(login.status == 77, "\(login.everything)")
        let agent = try #require(server.requests.first).headers.first { $0.key.lowercased() == "user-agent" }?.value
        switch transport {
        case .asyncHTTPClient: #expect(agent == nil)
        case .urlSession: #expect(agent?.contains("curl") == true, "\(String(describing: agent))")
        }
    }

    @Test("STOREFRONT_SESSION_STORE naming no store is refused with 78, naming the stores there are")
    func unknownSessionStore() async throws {
        var cli = try CLI(backend: nil, key: nil)
        cli.environment["STOREFRONT_SESSION_STORE"] = "vault"

        let whoami = try await cli.run(["whoami"])

        #expect(whoami.status == 78, "\(whoami.everything)")
        #expect(whoami.standardError.contains("STOREFRONT_SESSION_STORE is vault, which names no session store; use file or keyring, or unset it."))
    }

    @Test("the demo runs every step to a clean exit, and leaves nothing in the data folder")
    func demo() async throws {
        let cli = try CLI(backend: nil, key: nil)

        let result = try await cli.run(["demo"])

        #expect(result.status == 0, "\(result.everything)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.dataDirectory) == [], "the demo's folder is its own, and gone after it")
        #expect(result.standardOutput.contains("[10/10] Log out"))
        #expect(result.standardError.contains("from the cache: results cached"))
        #expect(result.standardOutput.contains("Demo complete"))
        #expect(result.standardError.contains("offline: showing results cached"))
    }
}
