import Backend
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Infrastructure
import Testing
import TestSupport

/// Oblivious HTTP played against from the path: a recording proxy that holds no key is
/// the relay (RFC 9458 section 5) between the real `storefront` and the real backend's
/// gateway. It sees only `POST`s of opaque bytes; every answer it forges, replays or
/// changes is refused (65), and the data folder stays byte for byte.
@Suite("A recording relay against Oblivious HTTP", .timeLimit(.minutes(2)), .stopsItsBackends)
struct SealedAttackTests {
    /// A sealed backend, a relay in front of it, and clients that send through the relay.
    struct Path {
        let backend: RunningBackend
        let proxy: RecordingProxy

        /// Runs `attack` against a fresh backend and relay, and stops both before
        /// returning, whether the attack finished or threw.
        static func run(
            database: String? = nil,
            _ attack: (Path) async throws -> Void
        ) async throws {
            let backend = try await RunningBackend.start(key: try GatewayKey.fresh(), database: database)
            let proxy = try backend.relay()
            let path = Path(backend: backend, proxy: proxy)
            do {
                try await attack(path)
            } catch {
                await path.stop()
                throw error
            }
            await path.stop()
        }

        /// A client sending through the relay, sealing to the backend's current key.
        func client() throws -> CLI {
            let key = try GatewayKey(ring: GatewayKeyRing(current: try #require(backend.key)))
            var cli = try CLI(backend: backend, key: key)
            cli.environment["STOREFRONT_OHTTP_RELAY"] = proxy.url + ObliviousGatewayPath.wellKnown
            return cli
        }

        func stop() async {
            proxy.stop()
            await backend.stop()
        }
    }

    /// Through the relay every request is the same `POST`: the proxy can only act on
    /// "the next one".
    static let next: @Sendable (LoopbackHTTPServer.Request) -> Bool = { _ in true }

    static func signIn(_ cli: CLI, _ user: String = "emilys") async throws {
        let login = try await cli.run(["login", "--username", user, "--password-stdin"], input: "\(user)pass\n")
        #expect(login.status == 0, "\(login.everything)")
    }

    /// A signed-in client with a search kept, and the data folder as it stood.
    static func signedIn(_ path: Path) async throws -> (CLI, [String: Data]) {
        let cli = try path.client()
        try await signIn(cli)
        #expect(try await cli.run(["search", "phone"]).status == 0)
        return (cli, try DataFolder.snapshot(cli.dataDirectory))
    }

    @Test("emilys' recorded login answer handed to michaelw's login signs nobody in")
    func loginSwap() async throws {
        try await Path.run { path in
            let emily = try path.client()
            try await Self.signIn(emily)
            let recorded = try #require(path.proxy.exchanges.last)

            let michael = try path.client()
            path.proxy.replay(recorded, toNext: Self.next)
            let swapped = try await michael.run(["login", "--username", "michaelw", "--password-stdin"], input: "michaelwpass\n")
            #expect(swapped.status == 65, "\(swapped.everything)")
            #expect(!swapped.everything.contains("Emily"), "\(swapped.everything)")
            #expect(try DataFolder.snapshot(michael.dataDirectory).isEmpty, "a session was stored")
        }
    }

    @Test("an earlier answer to the very same request is refused, and the cache stays as it was")
    func sameRequestReplayed() async throws {
        try await Path.run { path in
            let (cli, _) = try await Self.signedIn(path)
            #expect(try await cli.run(["search", "phone", "--refresh"]).status == 0)
            let recorded = try #require(path.proxy.exchanges.last)
            let before = try DataFolder.snapshot(cli.dataDirectory)

            path.proxy.replay(recorded, toNext: Self.next)
            let replayed = try await cli.run(["search", "phone", "--refresh"])
            #expect(replayed.status == 65, "\(replayed.everything)")
            #expect(try DataFolder.snapshot(cli.dataDirectory) == before, "the session or the cache changed")
        }
    }

    @Test("the bearer token cannot be swapped: michaelw's whole sealed /auth/me put in place of emilys' is refused")
    func tokenSwap() async throws {
        try await Path.run { path in
            let michael = try path.client()
            try await Self.signIn(michael, "michaelw")
            #expect(try await michael.run(["whoami", "--refresh"]).status == 0)
            let his = try #require(path.proxy.exchanges.last)
            let (emily, before) = try await Self.signedIn(path)

            path.proxy.substitute(nextRequestBody: his.request.body)
            let swapped = try await emily.run(["whoami", "--refresh"])
            #expect(swapped.status == 65, "\(swapped.everything)")
            #expect(!swapped.everything.contains("Michael"), "\(swapped.everything)")
            #expect(try DataFolder.snapshot(emily.dataDirectory) == before, "the session or the cache changed")
            let offline = try await emily.run(["whoami", "--offline"])
            #expect(offline.standardOutput.contains("emilys") && !offline.standardOutput.contains("michaelw"), "\(offline.everything)")
        }
    }

    @Test("an empty unsealed 401, then an empty 401 or 403 to the refresh, ends nothing", arguments: [401, 403])
    func unsealedSessionRefusal(refusal: Int) async throws {
        try await Path.run { path in
            let (cli, before) = try await Self.signedIn(path)
            path.proxy.tamper(withNext: Self.next) { $0 = .init(request: $0.request, status: 401, headers: [:], body: []) }
            path.proxy.tamper(withNext: Self.next) { $0 = .init(request: $0.request, status: refusal, headers: [:], body: []) }
            let result = try await cli.run(["whoami", "--refresh"])
            #expect(result.status == 65, "\(result.everything)")
            #expect(!result.everything.contains("expired"), "\(result.everything)")
            #expect(try DataFolder.snapshot(cli.dataDirectory) == before, "the session or the cache changed")
        }
    }

    /// Each status a keyless party might answer with, and what the client would have
    /// said had it believed it.
    enum Forgery: String, CaseIterable, Sendable {
        case notFound, badLogin, notModified
    }

    @Test("an empty 404, an empty 400 to a right login, a forged 304: each refused (65), nothing changed", arguments: Forgery.allCases)
    func forgedStatuses(_ forgery: Forgery) async throws {
        try await Path.run { path in
            let (cli, before) = try await Self.signedIn(path)
            let status = switch forgery {
            case .notFound: 404
            case .badLogin: 400
            case .notModified: 304
            }
            path.proxy.tamper(withNext: Self.next) {
                $0 = .init(request: $0.request, status: status, headers: status == 304 ? ["etag": #""0""#, "cache-control": "max-age=86400"] : [:], body: [])
            }
            let result = switch forgery {
            case .notFound: try await cli.run(["product", "1"])
            case .badLogin: try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
            case .notModified: try await cli.run(["search", "phone", "--refresh"])
            }
            #expect(result.status == 65, "\(result.everything)")
            #expect(!result.everything.contains("No product") && !result.everything.contains("wrong"), "\(result.everything)")
            #expect(try DataFolder.snapshot(cli.dataDirectory) == before, "the session or the cache changed")
        }
    }

    @Test("a changed byte in the request (a rewritten If-None-Match would be one) or in the answer is refused")
    func changedBytes() async throws {
        try await Path.run { path in
            let (cli, before) = try await Self.signedIn(path)
            let recorded = try #require(path.proxy.exchanges.last)
            var request = recorded.request.body
            request[request.count / 2] ^= 1
            path.proxy.substitute(nextRequestBody: request)
            #expect(try await cli.run(["search", "phone", "--refresh"]).status == 65)
            path.proxy.tamper(withNext: Self.next) { $0.body[$0.body.count / 2] ^= 1 }
            #expect(try await cli.run(["search", "phone", "--refresh"]).status == 65)
            #expect(try DataFolder.snapshot(cli.dataDirectory) == before, "the session or the cache changed")
        }
    }

    @Test("on the wire: no path, token, ETag, validator or inner status; every size padded, the same for every user")
    func nothingReadable() async throws {
        try await Path.run { path in
            let (emily, _) = try await Self.signedIn(path)
            #expect(try await emily.run(["search", "phone", "--refresh"]).status == 0)
            #expect(try await emily.run(["whoami", "--refresh"]).status == 0)
            let emilysMe = try #require(path.proxy.exchanges.last)
            let michael = try path.client()
            try await Self.signIn(michael, "michaelw")
            #expect(try await michael.run(["whoami", "--refresh"]).status == 0)
            let michaelsMe = try #require(path.proxy.exchanges.last)

            let session = try String(contentsOfFile: emily.dataDirectory + "/session.json", encoding: .utf8)
            let token = try #require(session.split(separator: "\"").first { $0.count > 30 })
            for exchange in path.proxy.exchanges {
                #expect(exchange.request.target == ObliviousGatewayPath.wellKnown && exchange.status == 200)
                // The outer answer's Date is the HTTP server's own, as in RFC 9458's example;
                // the request carries its date inside.
                let names = Set(exchange.request.headers.keys.map { $0.lowercased() } + exchange.headers.keys)
                #expect(names.isDisjoint(with: ["authorization", "if-none-match", "etag", "last-modified"]), "\(names)")
                #expect(exchange.request.headers.keys.allSatisfy { $0.lowercased() != "date" })
                #expect(exchange.headers["cache-control"] == "private, no-store")
                for text in ["/auth", "phone", String(token), "emilys", "Bearer"] {
                    #expect(!Data(exchange.request.body + exchange.body).contains(Data(text.utf8)), "\(text) on the wire")
                }
            }
            #expect(emilysMe.body.count == michaelsMe.body.count, "/auth/me's size names the user")
            #expect(emilysMe.request.body.count == michaelsMe.request.body.count)
        }
    }

    @Test("a login recorded before the backend restarted is refused after it: no second token pair")
    func replayAcrossRestart() async throws {
        let folder = try TemporaryDirectory()
        let keys = try GatewayKey.fresh()
        let databaseFile = "sqlite:" + folder.file("backend.sqlite")
        let first = try await RunningBackend.start(key: keys, database: databaseFile)
        let cli = try CLI(backend: first, key: keys)
        let proxy = try first.relay()
        var relayed = cli
        relayed.environment["STOREFRONT_OHTTP_RELAY"] = proxy.url + ObliviousGatewayPath.wellKnown
        let login = try await relayed.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        let recorded = proxy.exchanges.last
        proxy.stop()
        await first.stop()
        #expect(login.status == 0, "\(login.everything)")

        let second = try await RunningBackend.start(key: keys, database: databaseFile)
        let requestsBefore = await second.server.requestCount()
        var request = URLRequest(url: try #require(URL(string: second.url + ObliviousGatewayPath.wellKnown)))
        request.httpMethod = "POST"
        request.httpBody = Data(try #require(recorded).request.body)
        request.setValue("message/ohttp-req", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await URLSession.shared.data(for: request)
        let loginsServed = await second.server.grantCount()
        await second.stop()
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "the refusal travels sealed")
        #expect(await second.server.requestCount() == requestsBefore + 1)
        #expect(loginsServed == 0, "the replayed login minted a token pair")
    }

    @Test("behind a relay whose gateway is gone (its own unsealed 502): a kept page stands in, saying so; nothing kept is 69, not 65; nothing changed")
    func relayAnswersForAGoneGateway() async throws {
        try await Path.run { path in
            let (cli, before) = try await Self.signedIn(path)
            await path.backend.stop()

            let kept = try await cli.run(["search", "phone", "--refresh"])
            let uncached = try await cli.run(["product", "1"])

            #expect(kept.status == 0, "\(kept.everything)")
            #expect(kept.standardError.contains("offline: showing results cached"), "\(kept.everything)")
            #expect(uncached.status == 69, "\(uncached.everything)")
            #expect(path.proxy.exchanges.suffix(2).allSatisfy { $0.status == 502 }, "the relay answered for itself")
            #expect(try DataFolder.snapshot(cli.dataDirectory) == before, "the session or the cache changed")
        }
    }

    @Test("a request a relay padded past the gateway's cap gets an unsealed 413: unusable (65), not 'too large', nothing changed")
    func paddedByTheRelay() async throws {
        try await Path.run { path in
            let (cli, before) = try await Self.signedIn(path)
            path.proxy.change(nextRequestBody: { $0 + [UInt8](repeating: 0, count: 70_000) })
            let result = try await cli.run(["search", "phone", "--refresh"])
            #expect(result.status == 65, "\(result.everything)")
            #expect(!result.everything.contains("too large"), "\(result.everything)")
            let refusal = try #require(path.proxy.exchanges.last)
            #expect(refusal.status == 413 && refusal.headers["content-type"] == "application/problem+json")
            #expect(try DataFolder.snapshot(cli.dataDirectory) == before, "the session or the cache changed")
        }
    }

    @Test("a login too large for the gateway is not sent; a sentence says so")
    func tooLarge() async throws {
        let (backend, cli, _) = try await CLI.signedIn()
        let before = try DataFolder.snapshot(cli.dataDirectory)
        let result = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: String(repeating: "p", count: 70_000) + "\n")
        await backend.stop()
        #expect(result.status == 1, "\(result.everything)")
        #expect(result.standardError.contains("too large"), "\(result.everything)")
        #expect(try DataFolder.snapshot(cli.dataDirectory) == before, "the session or the cache changed")
    }

    @Test("a second client holding the same public configuration cannot open the first one's answer")
    func sameConfigurationAnotherClient() async throws {
        try await Path.run { path in
            let emily = try path.client()
            try await Self.signIn(emily)
            let hers = try #require(path.proxy.exchanges.last)
            // The other client's request goes out; the relay hands it her answer.
            let other = try path.client()
            path.proxy.replay(hers, toNext: Self.next)
            let result = try await other.run(["login", "--username", "emilys", "--password-stdin"], input: "wrong\n")
            #expect(result.status == 65, "\(result.everything)")
            #expect(try DataFolder.snapshot(other.dataDirectory).isEmpty)
        }
    }
}
