import Foundation
import Infrastructure
import Synchronization
import TestSupport
import Testing

/// CLI.md, "A store that asks to wait or fails", run for real: the `storefront` binary
/// against a loopback store that answers as real servers sometimes do. DummyJSON's own rate limit (429,
/// `Retry-After: 10`, its message), a 500 with a message, statuses no one expects.
/// Whatever it answers, the process ends with a sentence and a status, and the
/// session and cache are as they were.
@Suite("A store that asks to wait, fails, or answers nonsense", .timeLimit(.minutes(3)))
struct BusyAndFailingStoreTests {
    /// How the store answers the search, changed by each test as it goes.
    enum SearchAnswer: Sendable {
        /// A page that may be kept, stale at once (`max-age=0`, no `ETag`).
        case page
        case status(Int, headers: [String: String] = [:], body: String?)
        /// Any raw bytes, for status lines no `respond` could write.
        case raw([UInt8])
    }

    /// A DummyJSON-shaped store on loopback; `/auth/me` answers as the search is told
    /// to (a user where the search has a page). `/auth/refresh` answers 503: a refresh
    /// that cannot be had keeps the session.
    final class Store: Sendable {
        /// What the server closure and the test share.
        private final class Script: Sendable {
            /// The answers to the next searches, in turn; the last one stays.
            let answers = Mutex<[SearchAnswer]>([.page])
            let searches = Mutex(0)
        }

        let server: LoopbackHTTPServer
        private let script = Script()

        init(login: @escaping @Sendable () -> LoopbackHTTPServer.Reply = Store.signIn) throws {
            let script = self.script
            server = try LoopbackHTTPServer { request in
                Store.reply(to: request, script: script, login: login)
            }
        }

        /// Answers the next searches with `answers`, one each, the last one from then on.
        func answer(_ answers: SearchAnswer...) { script.answers.withLock { $0 = answers } }
        var searchCount: Int { script.searches.withLock { $0 } }

        static let signIn: @Sendable () -> LoopbackHTTPServer.Reply = {
            .respond(status: 200, headers: ["Content-Type": "application/json"], body: Array("""
                {"id":1,"username":"emilys","email":"emily@x.dummyjson.com","firstName":"Emily",\
                "lastName":"Johnson","accessToken":"access-1","refreshToken":"refresh-1"}
                """.utf8))
        }

        private static func reply(
            to request: LoopbackHTTPServer.Request,
            script: Script,
            login: () -> LoopbackHTTPServer.Reply
        ) -> LoopbackHTTPServer.Reply {
            switch request.target {
            case "/auth/login":
                return login()
            case "/auth/refresh":
                return .respond(status: 503, headers: [:], body: [])
            case let target where target.hasPrefix("/auth/products/search") || target == "/auth/me":
                script.searches.withLock { $0 += 1 }
                let next = script.answers.withLock { answers in answers.count > 1 ? answers.removeFirst() : answers[0] }
                switch next {
                case .page:
                    return .respond(
                        status: 200,
                        headers: ["Content-Type": "application/json", "Cache-Control": "private, max-age=0"],
                        body: Array((target == "/auth/me" ? user : page).utf8)
                    )
                case .status(let status, let headers, let body):
                    return .respond(status: status, headers: headers, body: body.map { Array($0.utf8) } ?? [])
                case .raw(let bytes):
                    return .raw(bytes)
                }
            default:
                return .respond(status: 404, headers: [:], body: Array(#"{"message":"not here"}"#.utf8))
            }
        }

        static let user = #"{"id":1,"username":"emilys","email":"emily@x.dummyjson.com","firstName":"Emily","lastName":"Johnson"}"#

        static let page = """
            {"products":[{"id":101,"title":"Apple AirPods Max Silver","description":"d","category":"mobile-accessories",\
            "price":549.99,"discountPercentage":13.67,"rating":3.47,"stock":59,"brand":"Apple"}],"total":1,"skip":0,"limit":10}
            """
    }

    /// DummyJSON's answer once its limiter trips (100 requests in 10 s).
    static let rateLimited = SearchAnswer.status(
        429,
        headers: ["Retry-After": "10", "Content-Type": "application/json"],
        body: #"{"message":"request limit exceeded, please wait a few seconds"}"#
    )

    private func signedIn(_ store: Store, setup: ClientSetup = ClientSetup(transport: .asyncHTTPClient, store: .file)) async throws -> CLI {
        var cli = try CLI(backend: nil, key: nil, transport: setup.transport, sessionStore: setup.store)
        cli.environment["STOREFRONT_BASE_URL"] = store.server.baseURL.absoluteString
        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        try #require(login.status == 0, "\(login.everything)")
        return cli
    }

    @Test("DummyJSON's 429 with nothing kept: exit 75, when to try again, rate-limited in JSON", arguments: ClientSetup.all)
    func rateLimitedWithNothingKept(setup: ClientSetup) async throws {
        let store = try Store()
        defer { store.server.stop() }
        let cli = try await signedIn(store, setup: setup)
        store.answer(Self.rateLimited)

        let human = try await cli.run(["search", "phone"])
        let json = try await cli.run(["search", "phone", "--json"])

        #expect(human.status == 75, "\(human.everything)")
        #expect(human.standardError.contains("The store is limiting requests; try again in 10 s."), "\(human.standardError)")
        #expect(json.status == 75)
        #expect(json.standardOutput.isEmpty)
        #expect(json.standardError.split(separator: "\n").last?.contains(#""code":"rate-limited""#) == true, "\(json.standardError)")
        // Asked once each: 10 s is longer than a command waits.
        #expect(store.searchCount == 2)
    }

    /// Found by the fuzzer: Foundation's DateFormatter trapped on such a date, so this
    /// answer crashed the client (signal 4) instead of saying the store is busy.
    @Test("a 429 whose Retry-After date has a letter outside ASCII: exit 75, no crash", arguments: ClientSetup.all)
    func rateLimitedWithNonASCIIDate(setup: ClientSetup) async throws {
        let store = try Store()
        defer { store.server.stop() }
        let cli = try await signedIn(store, setup: setup)
        store.answer(.status(429, headers: ["Retry-After": "Sun\u{0731}  6 08:49:37 1994"], body: #"{"message":"slow down"}"#))

        let search = try await cli.run(["search", "phone"])

        #expect(search.status == 75, "\(search.everything)")
        #expect(search.standardError.contains("The store is limiting requests; try again in a little while."), "\(search.standardError)")
    }

    @Test("a 429 with a kept page: the page stands in and says the store is busy", arguments: ClientSetup.all)
    func rateLimitedWithPageKept(setup: ClientSetup) async throws {
        let store = try Store()
        defer { store.server.stop() }
        let cli = try await signedIn(store, setup: setup)
        #expect(try await cli.run(["search", "phone"]).status == 0)
        store.answer(Self.rateLimited)

        let result = try await cli.run(["search", "phone"])

        #expect(result.status == 0, "\(result.everything)")
        #expect(result.standardOutput.contains("Apple AirPods Max Silver"))
        #expect(result.standardError.contains("the store is busy: showing results cached"), "\(result.standardError)")
    }

    @Test("a Retry-After of 1 s is waited out once, then the answer is used", arguments: ClientSetup.all)
    func shortWaitIsWaited(setup: ClientSetup) async throws {
        let store = try Store()
        defer { store.server.stop() }
        let cli = try await signedIn(store, setup: setup)
        store.answer(.status(429, headers: ["Retry-After": "1"], body: #"{"message":"request limit exceeded, please wait a few seconds"}"#), .page)

        let result = try await cli.run(["search", "phone", "--json"])

        #expect(result.status == 0, "\(result.everything)")
        #expect(result.standardOutput.contains(#""source":"network""#), "\(result.standardOutput)")
        #expect(store.searchCount == 2, "asked, waited, asked again")
    }

    @Test("a 500 with a message: the kept page stands in; with none, the status and the server's words, exit 69", arguments: ClientSetup.all)
    func serverFailure(setup: ClientSetup) async throws {
        let store = try Store()
        defer { store.server.stop() }
        let cli = try await signedIn(store, setup: setup)
        store.answer(.status(500, headers: ["Content-Type": "application/json"], body: #"{"message":"database unavailable"}"#))

        let nothingKept = try await cli.run(["search", "phone"])
        store.answer(.page)
        #expect(try await cli.run(["search", "phone"]).status == 0)
        store.answer(.status(500, headers: ["Content-Type": "application/json"], body: #"{"message":"database unavailable"}"#))
        let pageKept = try await cli.run(["search", "phone"])

        #expect(nothingKept.status == 69, "\(nothingKept.everything)")
        #expect(nothingKept.standardError.contains("The store failed (500: database unavailable); try again later."), "\(nothingKept.standardError)")
        #expect(pageKept.status == 0, "\(pageKept.everything)")
        #expect(pageKept.standardError.contains("the store failed (500): showing results cached"), "\(pageKept.standardError)")
    }

    @Test("login answered 429 exits 75 at once, asked once; answered 400 with any body, 77; the session stays", arguments: [
        (429, "", Int32(75)), (400, "", 77), (400, "<html>Bad Request</html>", 77),
    ], ClientSetup.all)
    func loginRefusals(refusal: (status: Int, body: String, exit: Int32), setup: ClientSetup) async throws {
        let (status, body, exit) = refusal
        let logins = Mutex(0)
        let store = try Store {
            // The first login succeeds (the session to keep); later ones are refused.
            let first = logins.withLock { count in
                defer { count += 1 }
                return count == 0
            }
            return first ? Store.signIn() : .respond(status: status, headers: ["Retry-After": "10"], body: Array(body.utf8))
        }
        defer { store.server.stop() }
        let cli = try await signedIn(store, setup: setup)
        let session = try #require(try await cli.storedSession())

        let result = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "wrong\n")

        #expect(result.status == exit, "\(result.everything)")
        #expect(logins.withLock { $0 } == 2, "a POST is never repeated")
        #expect(try await cli.storedSession() == session)
    }

    @Test("status --check and --verbose say what the store asked or said", arguments: ClientSetup.all)
    func statusCheckAndVerbose(setup: ClientSetup) async throws {
        let store = try Store()
        defer { store.server.stop() }
        let cli = try await signedIn(store, setup: setup)
        store.answer(Self.rateLimited)

        let busy = try await cli.run(["status", "--check"])
        let verbose = try await cli.run(["search", "phone", "--verbose"])

        #expect(busy.status == 0, "\(busy.everything)")
        #expect(busy.standardOutput.contains("the backend asked to wait; the session is unchecked"), "\(busy.standardOutput)")
        #expect(verbose.status == 75)
        #expect(verbose.standardError.contains(" 429 ") && verbose.standardError.contains("asked to wait 10 s, cache miss"), "\(verbose.standardError)")
    }

    /// The exit status a read answered with `status` must end in, with a page kept and
    /// a refresh that cannot be had: the kept page stands in for a backend that is
    /// failing or asking to wait; a refusal is reported; anything unusable is 65.
    static func exitStatus(afterSearchAnswered status: Int) -> Int32 {
        switch status {
        case 401, 429, 500...599: 0
        case 400...499: 1
        default: 65
        }
    }

    @Test("a seeded sample of status lines from 000 to 999: a sentence and a status, session and cache unchanged")
    func seededStatusLines() async throws {
        let seed: UInt64 = 20_261_123
        var random = SplitMix64(seed: seed)
        let statuses = [0, 99, 100, 101, 199, 204, 304, 600, 999] + (0..<12).map { _ in Int.random(in: 0...999, using: &random) }
        let store = try Store()
        defer { store.server.stop() }
        let cli = try await signedIn(store)
        #expect(try await cli.run(["search", "phone"]).status == 0, "keeps a page")
        let before = try DataFolder.snapshot(cli.dataDirectory)

        for status in statuses {
            for body in [nil, #"{"message":"x"}"#] {
                store.answer(.raw(LoopbackHTTPServer.statusLine(status, body: body.map { Array($0.utf8) })))

                let result = try await cli.run(["search", "phone"])

                let label = "seed \(seed), status \(status) \(body == nil ? "without" : "with") a body"
                #expect(result.status == Self.exitStatus(afterSearchAnswered: status), "\(label): \(result.everything)")
                #expect(!result.standardError.contains("Fatal error") && !result.standardError.contains("crashed"), "\(label)")
                if result.status != 0 {
                    #expect(result.standardError.hasPrefix("storefront: ") && result.standardError.hasSuffix(".\n"), "\(label): \(result.standardError)")
                }
                #expect(try DataFolder.snapshot(cli.dataDirectory) == before, "\(label): the session or the cache changed")
            }
        }
    }
}

/// What a data folder holds: every file's bytes by its path, lock files aside (a refresh
/// takes the session's lock, which holds nothing).
enum DataFolder {
    static func snapshot(_ path: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = URL(fileURLWithPath: path)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        for case let file as URL in walker where file.pathExtension != "lock" {
            guard try file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[file.path] = try Data(contentsOf: file)
        }
        return files
    }
}
