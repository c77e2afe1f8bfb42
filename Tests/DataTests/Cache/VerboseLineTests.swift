@testable import Data
import Domain
import Foundation
import Logging
import TestSupport
import Testing

/// CLI.md: `--verbose` prints one line per exchange with method, target, status,
/// milliseconds and whether the cache answered.
@Suite("One --verbose line per exchange, cache outcome included", .timeLimit(.minutes(2)))
struct VerboseLineTests {
    let harness: RepositoryHarness
    let capture = SpyLog()
    let query: SearchQuery

    init() throws {
        harness = try RepositoryHarness()
        query = try SearchQuery(text: "phone", page: 6, pageSize: 2)
    }

    func client(_ transport: SpyTransport) -> StoreClient {
        StoreClient(
            chain: harness.chain(transport), cache: harness.cache, sessions: harness.sessions, clock: harness.clock,
            cacheNamespace: "http://test", logger: capture.logger()
        )
    }

    func products(_ transport: SpyTransport) -> RemoteProductRepository {
        RemoteProductRepository(client: client(transport))
    }

    @Test("a network answer: status and 'cache miss, stored' on the same single line")
    func networkAnswer() async throws {
        _ = try await products(SpyTransport(always: .json(200, Fixtures.searchPhone))).search(query, policy: .standard)

        #expect(capture.messages.count == 1, "\(capture.messages)")
        let line = try #require(capture.messages.first)
        #expect(line.hasPrefix("debug GET /auth/products/search?q=phone&limit=2&skip=10 "), "\(line)")
        #expect(line.contains(" 200 ") && line.contains(" ms attempt 1"))
        #expect(line.hasSuffix(", cache miss, stored"))
    }

    @Test("unreachable with a cached page: the failure and 'cache hit' with its age, on one line")
    func cacheHit() async throws {
        _ = try await products(SpyTransport(always: .json(200, Fixtures.searchPhone))).search(query, policy: .standard)
        harness.clock.advance(by: 90)

        _ = try await products(SpyTransport(failing: .unreachable(reason: "connection refused"))).search(query, policy: .standard)

        let line = try #require(capture.messages.last)
        #expect(capture.messages.count == 2)
        #expect(line.contains("failed (unreachable: connection refused)"), "\(line)")
        #expect(line.hasSuffix(", cache hit, stored 90 s ago"), "\(line)")
    }

    @Test("unreachable with nothing cached: 'cache miss'; an unusable answer is not stored")
    func missAndUnusable() async throws {
        _ = try? await products(SpyTransport(failing: .unreachable(reason: "connection refused"))).search(query, policy: .standard)
        _ = try? await products(SpyTransport(always: .json(200, #"{"products": 7}"#))).search(query, policy: .standard)

        #expect(capture.messages.count == 2, "\(capture.messages)")
        #expect(capture.messages.first?.hasSuffix(", cache miss") == true)
        #expect(capture.messages.last?.contains(" 200 ") == true)
        #expect(capture.messages.last?.hasSuffix(", cache not used") == true, "\(capture.messages)")
    }

    @Test("the line never holds the cache key or the backend's address")
    func noCacheKey() async throws {
        _ = try await products(SpyTransport(always: .json(200, Fixtures.searchPhone))).search(query, policy: .standard)
        #expect(capture.messages.count == 1, "\(capture.messages)")
        #expect(capture.messages.allSatisfy { !$0.contains("http://test") })
    }

    @Test("asked to wait, or failing: the line says what the backend asked or said", arguments: [
        (429, ["Retry-After": "10"], #"{"message":"request limit exceeded, please wait a few seconds"}"#, ", asked to wait 10 s, cache miss"),
        (500, [:], #"{"message":"database unavailable"}"#, ", failed (500: database unavailable), cache miss"),
        // A message on several lines still makes one line per exchange.
        (500, [:], #"{"message":"database\nunavailable"}"#, ", failed (500: database unavailable), cache miss"),
    ])
    func backendsWords(status: Int, headers: [String: String], body: String, ending: String) async throws {
        var answer = StubResponse.json(status, body)
        answer.headers.merge(headers) { _, new in new }

        await #expect(throws: StoreError.self) {
            _ = try await products(SpyTransport(always: answer)).search(query, policy: .standard)
        }

        #expect(capture.messages.count == 1, "\(capture.messages)")
        let line = try #require(capture.messages.first)
        #expect(line.contains(" \(status) "), "\(line)")
        #expect(line.hasSuffix(ending), "\(line)")
    }

    @Test("an answer from a later attempt says which")
    func attempt() async throws {
        let transport = SpyTransport { _, index in index == 0 ? .json(503, "{}") : .json(200, Fixtures.searchPhone) }

        _ = try await products(transport).search(query, policy: .standard)

        #expect(capture.messages.count == 1, "\(capture.messages)")
        #expect(capture.messages.first?.contains(" 200 ") == true)
        #expect(capture.messages.first?.contains(" ms attempt 2, cache miss, stored") == true, "\(capture.messages)")
    }

    @Test("a login's line: one, 'not cached', and never a body, a header, a token or a password, even when it fails")
    func noSecrets() async throws {
        let signedOut = try RepositoryHarness(session: nil)
        let secrets = ["emilyspass", "eyJhbGciOiJIUzI1NiJ9.access", "eyJhbGciOiJIUzI1NiJ9.refresh"]
        let credentials = try Credentials(username: "emilys", password: "emilyspass")
        for transport in [SpyTransport(always: .json(200, Fixtures.login)), SpyTransport(failing: .unreachable(reason: "connection refused"))] {
            let client = StoreClient(
                chain: signedOut.chain(transport), cache: signedOut.cache, sessions: signedOut.sessions, clock: signedOut.clock,
                cacheNamespace: "http://test", logger: capture.logger()
            )
            _ = try? await RemoteAuthRepository(client: client, sessions: signedOut.sessions).logIn(credentials)
        }

        #expect(capture.messages.count == 2, "\(capture.messages)")
        #expect(capture.messages.first?.hasPrefix("debug POST /auth/login 200 ") == true, "\(capture.messages)")
        #expect(capture.messages.allSatisfy { $0.hasSuffix(", not cached") }, "\(capture.messages)")
        #expect(capture.messages.last?.contains("failed (unreachable: connection refused)") == true)
        #expect(await signedOut.sessions.session?.accessToken == secrets[1], "the login did not happen, so the line was not tested")
        for line in capture.messages {
            for secret in secrets + ["Bearer", "password"] {
                #expect(!line.contains(secret), "leaked \(secret) in: \(line)")
            }
        }
    }
}
