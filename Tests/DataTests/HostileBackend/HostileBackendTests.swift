@testable import Data
import Domain
import Foundation
import HTTPClientAdapter
import Infrastructure
import Synchronization
import TestSupport
import Testing

/// The whole client stack as the App builds it (production chain, AsyncHTTPClient on
/// loopback, session file, and each store in `CacheStoreKind.all`) against seeded
/// hostile rounds: 2,000 on the file store the App ships, 400 on every other store,
/// enough for each outcome to come up many times. After each round: it ended in a value
/// or a typed error (a crash ends the test run); every cache entry still maps to the
/// domain (nothing torn, nothing poisoned); a failed round left the cache as it was; and
/// the session file is unchanged unless the backend really renewed it (it then holds
/// exactly the issued tokens) or really refused the refresh with 401/403 (it is then gone).
///
/// Each round is a real exchange on loopback and a dozen file reads, and ThreadSanitizer
/// makes each many times slower: 2,000 rounds a store are minutes of CPU on a loaded
/// machine. So the cases run one at a time (three such threads at once would take the
/// CPU from every test beside them) and the limit is ten minutes: room for 2,000 real
/// rounds under the sanitizer, still an end for a round that hangs.
@Suite(
    "The client stack under hostile backend rounds, over every cache store",
    .serialized, .timeLimit(.minutes(10)), .onItsOwnThread
)
struct HostileBackendTests {
    /// Rounds for the store the App ships, and for every other.
    private static let rounds = (shipped: 2_000, other: 400)
    private static let seed: UInt64 = 20_261_123
    private static let namespace = "http://hostile"

    @Test("no crash, no torn or poisoned cache, no session changed by a failure", arguments: CacheStoreKind.all)
    func hostileRounds(store: CacheStoreKind) async throws {
        let folder = try TemporaryDirectory()
        let plan = Mutex<HostileAnswers.Plan?>(nil)
        let server = try LoopbackHTTPServer { request in
            guard let current = plan.withLock({ $0 }) else { return .respond(status: 500, headers: [:], body: []) }
            return Self.reply(request.target.hasPrefix("/auth/refresh") ? current.refresh : current.reading)
        }
        defer { server.stop() }

        let sessions = FileSessionStore(directory: folder.path)
        let clock = FakeWallClock()
        let cache = store.make(folder.file("cache"), clock, .standard)
        let configuration = TransportConfiguration(baseURL: server.baseURL, idleTimeout: .seconds(2), deadline: .seconds(4))
        let transport = try AsyncHTTPClientTransport(configuration: configuration)
        let chain = InterceptedTransport.storeChain(adapter: transport, sessions: sessions, oblivious: nil, logger: .silent, sleeper: SpySleeper())
        let client = StoreClient(chain: chain, cache: cache, sessions: sessions, clock: clock, cacheNamespace: Self.namespace)
        let products = RemoteProductRepository(client: client)
        let accounts = RemoteAuthRepository(client: client, sessions: sessions)
        let queries = try [
            SearchQuery(text: "phone"), SearchQuery(text: "phone", page: 3, pageSize: 5),
            SearchQuery(text: "laptop", page: Int.max / 100, pageSize: 100),
        ]

        var answers = HostileAnswers(seed: Self.seed)
        var tally: [String: Int] = [:]
        var random = SplitMix64(seed: Self.seed ^ 0xFF)
        let original = Session(accessToken: "access-0", refreshToken: "refresh-0", userID: 1)
        try await sessions.save(original)

        for _ in 0..<(store.name == CacheStoreKind.file.name ? Self.rounds.shipped : Self.rounds.other) {
            let searching = random.next() % 4 != 0
            let query = queries[Int(random.next() % UInt64(queries.count))]
            let round = answers.plan(search: searching)
            plan.withLock { $0 = round }
            let sessionBefore = try Self.bytes(of: sessions.path)
            let cacheBefore = await Self.entries(of: cache, queries: queries)

            let outcome: Result<String, StoreError>
            if searching {
                outcome = await Self.result { () async throws(StoreError) in try await products.search(query, policy: .standard).origin == .network ? "network" : "cache" }
            } else {
                outcome = await Self.result { () async throws(StoreError) in try await accounts.currentUser(policy: .standard).origin == .network ? "network" : "cache" }
            }
            tally[Self.kind(of: outcome), default: 0] += 1

            // The cache: every entry is whole and maps to the domain.
            let entries = await Self.entries(of: cache, queries: queries)
            let held = await cache.statistics().entries
            var valid = 0
            for query in queries {
                let key = CacheOwner(namespace: Self.namespace, userID: 1).key(for: StoreEndpoints.search(query).target)
                if let cached = await cache.answer(for: key) {
                    #expect(throws: Never.self) { _ = try JSONDecoder().decode(ProductSearchResponseDTO.self, from: Data(cached.body)).toDomain(for: query.paging, named: "search") }
                    valid += 1
                }
            }
            if let user = await cache.answer(for: CacheOwner(namespace: Self.namespace, userID: 1).key(for: "/auth/me")) {
                #expect(throws: Never.self) { _ = try JSONDecoder().decode(UserDTO.self, from: Data(user.body)).toDomain() }
                valid += 1
            }
            #expect(valid == held, "a cache entry was torn or unreadable")
            if case .failure = outcome {
                #expect(entries == cacheBefore, "a failed round changed the cache: \(round)")
            }

            // The session: unchanged, renewed with exactly the issued tokens, or gone after a 401/403.
            let sessionAfter = try Self.bytes(of: sessions.path)
            if sessionAfter != sessionBefore {
                if sessionAfter == nil {
                    #expect(outcome == .failure(.sessionExpired), "session cleared, outcome \(outcome)")
                    #expect(Self.status(of: round.refresh).map { [401, 403].contains($0) } == true, "session cleared by \(round.refresh)")
                    tally["session ended", default: 0] += 1
                    try await sessions.save(original)
                } else {
                    let renewed = try await sessions.load()
                    #expect(renewed?.accessToken == round.issuedTokens?.access && renewed?.refreshToken == round.issuedTokens?.refresh)
                    tally["session renewed", default: 0] += 1
                }
            }
            clock.advance(by: 1)
        }
        await transport.shutdown()

        // Not vacuous: every path was taken many times.
        for kind in ["network", "cache", "unusable", "offline", "session expired", "session ended", "session renewed"] {
            #expect(tally[kind, default: 0] >= 10, "\(kind) too rare: \(tally)")
        }
    }

    private static func reply(_ answer: HostileAnswers.Answer) -> LoopbackHTTPServer.Reply {
        switch answer {
        case .json(let status, let body, let extra):
            var headers = extra.merging(["Content-Type": "application/json"]) { _, new in new }
            if (300..<400).contains(status) { headers["Location"] = "http://127.0.0.1:9/elsewhere" }
            return .respond(status: status, headers: headers, body: Array(body.utf8))
        case .raw(let bytes):
            return .raw(bytes)
        }
    }

    private static func status(of answer: HostileAnswers.Answer) -> Int? {
        if case .json(let status, _, _) = answer { return status }
        return nil
    }

    private static func result(_ body: () async throws(StoreError) -> String) async -> Result<String, StoreError> {
        do throws(StoreError) {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    private static func kind(of outcome: Result<String, StoreError>) -> String {
        switch outcome {
        case .success(let origin): origin.hasPrefix("cache") ? "cache" : "network"
        case .failure(.unusableResponse): "unusable"
        case .failure(.offline): "offline"
        case .failure(.sessionExpired): "session expired"
        case .failure(let error): "\(error)"
        }
    }

    private static func bytes(of path: String) throws -> Data? {
        FileManager.default.fileExists(atPath: path) ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil
    }

    /// What the cache holds under every key a round can write, through the seam alone,
    /// so that any store can be compared before and after.
    private static func entries(of cache: any ResponseCache, queries: [SearchQuery]) async -> [String: CachedAnswer] {
        let owner = CacheOwner(namespace: namespace, userID: 1)
        var entries: [String: CachedAnswer] = [:]
        for target in queries.map({ StoreEndpoints.search($0).target }) + ["/auth/me"] {
            entries[target] = await cache.answer(for: owner.key(for: target))
        }
        return entries
    }
}
