@testable import Data
import Domain
import Foundation
import TestSupport
import Testing

/// CLI.md, "A store that asks to wait or fails", through the repositories: a backend
/// that asks to wait longer than a command waits, or fails with any 5xx, lets a kept
/// answer stand in, however old
/// (stale-if-error, RFC 5861); with nothing kept, the error says what the backend did.
@Suite("Stale-if-error: asked to wait, or failing", .timeLimit(.minutes(1)))
struct StaleIfErrorTests {
    let harness: RepositoryHarness
    let query: SearchQuery

    init() throws {
        harness = try RepositoryHarness()
        // Page 6 of 2 a page: the fixture's skip 10, limit 2.
        query = try SearchQuery(text: "phone", page: 6, pageSize: 2)
    }

    /// DummyJSON's own answer when its limiter trips.
    static let rateLimited: StubResponse = {
        var response = StubResponse.json(429, #"{"message":"request limit exceeded, please wait a few seconds"}"#)
        response.headers["Retry-After"] = "10"
        return response
    }()

    static func failed(_ status: Int) -> StubResponse {
        .json(status, #"{"message":"database unavailable"}"#)
    }

    /// Keeps one page, then lets it go stale (max-age 30, an hour later).
    private func keepStalePage() async throws -> ProductPage {
        var page = StubResponse.json(200, Fixtures.searchPhone)
        page.headers["Cache-Control"] = "private, max-age=30"
        let kept = try await harness.products(SpyTransport(always: page)).search(query, policy: .standard)
        harness.clock.advance(by: 3_600)
        return kept.value
    }

    @Test("a 429 asking for 10 s: the kept page stands in and says the store is busy")
    func rateLimitedFallsBack() async throws {
        let kept = try await keepStalePage()

        let answer = try await harness.products(SpyTransport(always: Self.rateLimited)).search(query, policy: .standard)

        #expect(answer == Fetched(kept, from: .cache(age: .seconds(3_600), reason: .backendBusy)))
    }

    @Test("a 429 with nothing kept is rate-limited, with the wait it named")
    func rateLimitedWithoutCache() async throws {
        await #expect(throws: StoreError.rateLimited(retryAfter: .seconds(10))) {
            _ = try await harness.products(SpyTransport(always: Self.rateLimited)).search(query, policy: .standard)
        }
    }

    @Test("any 5xx lets the kept page stand in, 500 to 599", arguments: [500, 501, 502, 503, 504, 505, 599])
    func serverFailureFallsBack(status: Int) async throws {
        let kept = try await keepStalePage()

        let answer = try await harness.products(SpyTransport(always: Self.failed(status))).search(query, policy: .standard)

        let reason: CacheReason = (502...504).contains(status) ? .backendUnreachable : .backendFailed(Diagnostic(String(status)))
        #expect(answer == Fetched(kept, from: .cache(age: .seconds(3_600), reason: reason)))
    }

    @Test("a 500 with nothing kept keeps the server's words")
    func serverFailureWithoutCache() async throws {
        await #expect(throws: StoreError.storeFailed(Diagnostic("500", theirWords: "database unavailable"))) {
            _ = try await harness.products(SpyTransport(always: Self.failed(500))).search(query, policy: .standard)
        }
    }

    @Test("login answered 429 fails at once, asked once, and the earlier session stays")
    func loginRateLimited() async throws {
        let transport = SpyTransport(always: Self.rateLimited)
        let before = await harness.sessions.session

        await #expect(throws: StoreError.rateLimited(retryAfter: .seconds(10))) {
            _ = try await harness.auth(transport).logIn(try Credentials(username: "emilys", password: "emilyspass"))
        }
        #expect(await transport.requests.count == 1)
        #expect(await harness.sessions.session == before)
    }

    @Test("login answered 400 with a body it cannot read: wrong credentials, session kept", arguments: ["", "<html>", "{}", #"{"message":"Payload decryption failed"}"#])
    func loginBadRequest(body: String) async throws {
        let before = await harness.sessions.session

        await #expect(throws: StoreError.invalidCredentials) {
            _ = try await harness.auth(SpyTransport(always: .json(400, body))).logIn(try Credentials(username: "emilys", password: "emilyspass"))
        }
        #expect(await harness.sessions.session == before)
    }

    @Test("a refresh that is reset or answered 5xx keeps the session; the read falls back to its kept answer", arguments: [
        TransportError.unreachable(reason: "connection reset"), nil,
    ])
    func refreshOutageKeepsSession(reset: TransportError?) async throws {
        let kept = try await keepStalePage()
        let before = await harness.sessions.session
        let transport = SpyTransport { request, _ throws(TransportError) in
            guard request.path == "/auth/refresh" else { return .json(401, #"{"message":"Token Expired!"}"#) }
            if let reset { throw reset }
            return .json(503, "")
        }

        let answer = try await harness.products(transport).search(query, policy: .standard)

        #expect(answer == Fetched(kept, from: .cache(age: .seconds(3_600), reason: .backendUnreachable)))
        #expect(await harness.sessions.session == before)
    }

    @Test("a refresh answered 200 renews the session and the read is replayed with the new token")
    func refreshRenews() async throws {
        let transport = SpyTransport { request, _ in
            if request.path == "/auth/refresh" { return .json(200, #"{"accessToken":"a2","refreshToken":"r2"}"#) }
            return request.header("Authorization") == "Bearer a2" ? .json(200, Fixtures.searchPhone) : .json(401, "{}")
        }

        let answer = try await harness.products(transport).search(query, policy: .standard)

        #expect(answer.origin == .network)
        #expect(await harness.sessions.session == Session(accessToken: "a2", refreshToken: "r2", userID: 1))
        #expect(await transport.requests.map(\.path) == ["/auth/products/search", "/auth/refresh", "/auth/products/search"])
    }
}
