import Backend
import Foundation
import Infrastructure
import Testing
import TestSupport

/// The sealed layer played against from the stretch of the path TLS does not cover: a
/// recording proxy that holds no key sits between the real `storefront` and the real
/// backend (PROTOCOL.md section 2, "What an attacker on the path can do"). Every
/// answer it hands to a request other than its own is refused, and nothing is stored.
@Suite("A recording proxy against the sealed layer", .timeLimit(.minutes(2)))
struct SealedAttackTests {
    /// A sealed backend, a proxy in front of it, and a client that talks to the proxy.
    struct Path {
        let backend: RunningBackend
        let proxy: RecordingProxy

        init(keys: PayloadKeys? = nil) async throws {
            backend = try await RunningBackend.start(keys: try keys ?? PayloadKeys(PayloadKeyRing(current: PayloadKey.fresh())))
            let port = try #require(URL(string: backend.url)?.port.flatMap { UInt16(exactly: $0) })
            proxy = try RecordingProxy(backendPort: port)
        }

        /// A client of the proxy, sealing under `key` (the backend's current key by default).
        func client(key: PayloadKey? = nil) throws -> CLI {
            var cli = try CLI(backend: backend, key: key ?? backend.key)
            cli.environment["STOREFRONT_BASE_URL"] = proxy.url
            return cli
        }

        func stop() async {
            proxy.stop()
            await backend.stop()
        }
    }

    static let isLogin: @Sendable (LoopbackHTTPServer.Request) -> Bool = { $0.method == "POST" && $0.target == "/auth/login" }

    @Test("emilys' recorded login answer handed to michaelw's login signs nobody in")
    func loginSwap() async throws {
        let path = try await Path()
        defer { Task { await path.stop() } }
        let emily = try path.client()
        #expect(try await emily.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n").status == 0)
        let recorded = try #require(path.proxy.exchanges.last(where: { Self.isLogin($0.request) }))

        let michael = try path.client()
        path.proxy.replay(recorded, toNext: Self.isLogin)
        let swapped = try await michael.run(["login", "--username", "michaelw", "--password-stdin"], input: "michaelwpass\n")
        #expect(swapped.status == 65, "\(swapped.everything)")
        #expect(!swapped.everything.contains("Emily"), "\(swapped.everything)")
        #expect(try DataFolder.snapshot(michael.dataDirectory).isEmpty, "a session was stored")
        let whoami = try await michael.run(["whoami", "--offline"])
        #expect(whoami.status == 77, "\(whoami.everything)")
    }

    @Test("an earlier answer to the same request line is refused, and the cache stays as it was")
    func sameRequestLine() async throws {
        let path = try await Path()
        defer { Task { await path.stop() } }
        let cli = try path.client()
        #expect(try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n").status == 0)
        #expect(try await cli.run(["search", "phone", "--refresh"]).status == 0)
        let recorded = try #require(path.proxy.exchanges.last(where: { $0.request.target.hasPrefix("/auth/products/search") }))
        let before = try DataFolder.snapshot(cli.dataDirectory)

        path.proxy.replay(recorded) { $0.target == recorded.request.target }
        let replayed = try await cli.run(["search", "phone", "--refresh"])
        #expect(replayed.status == 65, "\(replayed.everything)")
        #expect(try DataFolder.snapshot(cli.dataDirectory) == before, "the session or the cache changed")
    }

    static let isSearch: @Sendable (LoopbackHTTPServer.Request) -> Bool = { $0.target.hasPrefix("/auth/products/search") }

    /// A signed-in client, with a search kept in its cache, and the data folder as it
    /// stood before the attack. Attacks then ask for something not yet kept, so the
    /// backend answers in full (a 304 carries nothing to seal: PROTOCOL.md).
    static func signedIn(_ path: Path) async throws -> (CLI, [String: Data]) {
        let cli = try path.client()
        #expect(try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n").status == 0)
        #expect(try await cli.run(["search", "phone"]).status == 0)
        return (cli, try DataFolder.snapshot(cli.dataDirectory))
    }

    /// Each change a proxy can make to a sealed answer's header or status line.
    enum Change: String, CaseIterable, Sendable {
        case keyID, version, status
    }

    @Test("an answer with its key id, version or status changed is refused, and nothing is stored", arguments: Change.allCases)
    func changedAnswer(_ change: Change) async throws {
        let path = try await Path()
        defer { Task { await path.stop() } }
        let (cli, before) = try await Self.signedIn(path)

        path.proxy.tamper(withNext: Self.isSearch) { exchange in
            let header = exchange.headers["storefront-seal"] ?? ""
            switch change {
            case .keyID: exchange.headers["storefront-seal"] = header.replacingOccurrences(of: "kid=\"", with: "kid=\"x")
            case .version: exchange.headers["storefront-seal"] = header.replacingOccurrences(of: "v=2", with: "v=3")
            case .status: exchange.status = 203
            }
        }
        let result = try await cli.run(["search", "laptop", "--verbose"])
        #expect(result.status == 65, "\(result.everything)")
        #expect(result.standardError.contains("did not open"), "\(result.standardError)")
        #expect(try DataFolder.snapshot(cli.dataDirectory) == before, "the session or the cache changed")
    }

    @Test("a version-1 answer handed to a version-2 client is refused, and nothing is stored")
    func versionOneAnswer() async throws {
        let path = try await Path()
        defer { Task { await path.stop() } }
        let (cli, before) = try await Self.signedIn(path)
        let key = try #require(path.backend.key)

        // Sealed as version 1 would seal it, with the very key: a downgrade needs no secret
        // the proxy lacks, only the older format.
        path.proxy.tamper(withNext: Self.isSearch) { exchange in
            let associatedData = Array("GET \(exchange.request.target) 200".utf8)
            guard let sealed = try? AES256GCM.seal(Array(#"{"products":[],"total":0,"skip":0,"limit":0}"#.utf8), associatedData: associatedData, using: key.key) else { return }
            exchange.headers["storefront-seal"] = nil
            exchange.headers["x-iv"] = Data(sealed.nonce.bytes).base64EncodedString()
            exchange.body = sealed.ciphertextAndTag
        }
        let result = try await cli.run(["search", "laptop", "--verbose"])
        #expect(result.status == 65, "\(result.everything)")
        #expect(result.standardError.contains("version-1"), "\(result.standardError)")
        #expect(try DataFolder.snapshot(cli.dataDirectory) == before, "the session or the cache changed")
    }

    @Test("an answer recorded under a key since retired is refused by a client holding the new key")
    func retiredKeyAnswer() async throws {
        let folder = try TemporaryDirectory()
        let ring = folder.file("ring.jwks")
        let old = try PayloadKey.fresh()
        try PayloadKeyFile.write(try PayloadKeyRing(current: old), to: ring)
        let path = try await Path(keys: try PayloadKeys(file: ring))
        defer { Task { await path.stop() } }
        let (oldClient, _) = try await Self.signedIn(path)
        #expect(try await oldClient.run(["search", "laptop"]).status == 0)
        let recorded = try #require(path.proxy.exchanges.last(where: { Self.isSearch($0.request) }))

        let new = try PayloadKey.fresh()
        let now = Int64(Date().timeIntervalSince1970)
        try PayloadKeyFile.write(try PayloadKeyRing(current: new, previous: [.init(key: old, notAfter: now - 1)]), to: ring)
        let newClient = try path.client(key: new)
        #expect(try await newClient.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n").status == 0)
        #expect(try await newClient.run(["search", "phone"]).status == 0)
        let before = try DataFolder.snapshot(newClient.dataDirectory)

        path.proxy.replay(recorded, toNext: Self.isSearch)
        let replayed = try await newClient.run(["search", "laptop", "--verbose"])
        #expect(replayed.status == 65, "\(replayed.everything)")
        #expect(replayed.standardError.contains("under the key \(old.id)"), "\(replayed.standardError)")
        #expect(try DataFolder.snapshot(newClient.dataDirectory) == before, "the session or the cache changed")
    }
}
