@testable import Data
import Domain
import Foundation
import TestSupport
import Testing

@Suite("DTOs and their mappers", .timeLimit(.minutes(2)))
struct MappingTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test("a DummyJSON search page maps to products, with exact prices and a missing brand")
    func searchPage() throws {
        let query = try SearchQuery(text: "phone", page: 6, pageSize: 2)
        let page = try decode(ProductSearchResponseDTO.self, Fixtures.searchPhone).toDomain(for: query.paging, named: "search")

        #expect(page.total == 23)
        #expect(page.shownRange?.description == "11–12 of 23")
        #expect(page.products.map(\.price.minorUnits) == [54999, 29900])
        #expect(page.products.map(\.price.description) == ["$549.99", "$299.00"])
        #expect(page.products.map(\.brand) == ["Apple", nil])
        #expect(page.products.map(\.stock) == [59, 10])
        #expect(page.products.first?.thumbnailURL == "https://example.invalid/thumb/101.png")
    }

    @Test("the answer's limit counts the products returned; the page size comes from the query")
    func shortLastPage() throws {
        let json = #"{"products":[{"id":1,"title":"A","price":1}],"total":21,"skip":20,"limit":1}"#
        let page = try decode(ProductSearchResponseDTO.self, json).toDomain(for: try Paging(page: 3, pageSize: 10), named: "search")
        #expect(page.pageSize == 10)
        #expect(page.shownRange?.description == "21–21 of 21")
        #expect(!page.hasNextPage)
    }

    @Test("a search answer that contradicts itself is unusable", arguments: [
        #"{"products":[{"id":1,"title":"A","price":1}],"total":0,"skip":0,"limit":1}"#,
        #"{"products":[],"total":5,"skip":40,"limit":0}"#,
        #"{"products":[{"id":0,"title":"A","price":1}],"total":1,"skip":0,"limit":1}"#,
        #"{"products":[{"id":1,"title":"A","price":-1}],"total":1,"skip":0,"limit":1}"#,
    ])
    func contradictions(json: String) throws {
        let dto = try decode(ProductSearchResponseDTO.self, json)
        let error = #expect(throws: StoreError.self) {
            _ = try dto.toDomain(for: try Paging(), named: "search")
        }
        guard case .unusableResponse = error else {
            Issue.record("expected unusableResponse, got \(String(describing: error))")
            return
        }
    }

    @Test("an unusable page is named by the answer it was: a category's as a category, a search's as a search", arguments: ["category", "search"])
    func unusablePageNamed(name: String) throws {
        let dto = try decode(ProductSearchResponseDTO.self, #"{"products":[],"total":5,"skip":40,"limit":0}"#)
        let error = #expect(throws: StoreError.self) {
            _ = try dto.toDomain(for: try Paging(), named: name)
        }
        #expect(error == .unusableResponse(Diagnostic("\(name) answered skip 40 for skip 0")))
    }

    @Test("a whole number with a fraction where an integer belongs does not decode")
    func fractionalStock() {
        #expect(throws: DecodingError.self) {
            _ = try decode(ProductDTO.self, #"{"id":1,"title":"A","price":1,"stock":10.5}"#)
        }
    }

    @Test("a login answer carries the user and both tokens")
    func login() throws {
        let answer = try decode(LoginResponseDTO.self, Fixtures.login)
        #expect(try answer.user.toDomain().displayName == "Emily Johnson")
        #expect(answer.accessToken.hasSuffix(".access"))
        #expect(answer.refreshToken.hasSuffix(".refresh"))
    }

    @Test("the much larger /auth/me user decodes to the same user")
    func me() throws {
        let user = try decode(UserDTO.self, Fixtures.me).toDomain()
        #expect(user.username == "emilys")
        #expect(user.email == "emily.johnson@x.dummyjson.com")
    }

    @Test("statuses map to domain errors by the kind of request", arguments: [
        (400, "Invalid credentials", StoreErrorMapping.RequestKind.logIn, nil, StoreError.invalidCredentials),
        (400, "Username and password required", .logIn, nil, .invalidCredentials),
        // CLI.md, "A store that asks to wait or fails": the client always sends both
        // fields, so any 400 at login means wrong credentials, whatever its body (none,
        // or one a sealed server made).
        (400, nil, .logIn, nil, .invalidCredentials),
        (400, "Payload decryption failed", .logIn, nil, .invalidCredentials),
        (401, "Token Expired!", .authenticated, nil, .sessionExpired),
        (404, "Product with id '999' not found", .authenticated, nil, .notFound),
        (503, nil, .authenticated, nil, .offline),
        // Asked to wait: 429 always, 503 only when it says how long.
        (429, "request limit exceeded, please wait a few seconds", .authenticated, Duration.seconds(10), .rateLimited(retryAfter: .seconds(10))),
        (429, nil, .logIn, nil, .rateLimited(retryAfter: nil)),
        (503, nil, .authenticated, .seconds(30), .rateLimited(retryAfter: .seconds(30))),
        // A server's own failure keeps its words.
        (500, "database unavailable", .authenticated, nil, .storeFailed(Diagnostic("500", theirWords: "database unavailable"))),
        (507, nil, .logIn, nil, .storeFailed(Diagnostic("507"))),
        (400, "Invalid limit", .authenticated, nil, .unexpected(Diagnostic("HTTP 400", theirWords: "Invalid limit"))),
        // No request of this client expects these.
        (0, nil, .authenticated, nil, .unusableResponse(Diagnostic("the store answered with status 0, which no request of this client expects"))),
        (101, nil, .logIn, nil, .unusableResponse(Diagnostic("the store answered with status 101, which no request of this client expects"))),
        // 600 and above never get here: both adapters refuse them (`ResponseHeadTests`,
        // the transport contract suite), so the mapping has no branch for them.
    ] as [(Int, String?, StoreErrorMapping.RequestKind, Duration?, StoreError)])
    func statusMapping(status: Int, message: String?, kind: StoreErrorMapping.RequestKind, retryAfter: Duration?, expected: StoreError) {
        #expect(StoreErrorMapping.fromStatus(status, message: message, retryAfter: retryAfter, in: kind) == expected)
    }

    @Test("what the chain throws maps to domain errors; offline only where the cache may stand in", arguments: [
        (NetworkError.transport(.unreachable(reason: "reset")), StoreError.offline),
        (.transport(.cannotConnect(reason: "refused")), .offline),
        (.notSignedIn, .notSignedIn),
        (.sessionExpired, .sessionExpired),
        (.unsealedResponse, .unusableResponse(Diagnostic("the answer was not an encapsulated response, and sealed mode takes nothing else"))),
        // A relay's own 503 for a gateway it cannot reach: the gateway is away, so a kept answer may stand in.
        (.gatewayUnreachable(status: 503), .offline),
        (.gatewayKeyRefused(keyID: "7", readAgain: true), .sealingKeyRetired(Diagnostic("7"))),
        // A login the gateway (or a relay) refused the key of is not sent twice: try again.
        (.gatewayKeyRefused(keyID: "7", readAgain: false), .sealingKeyRefusedNotResent(Diagnostic("7"))),
        // Larger than the gateway reads, so not sent: the gateway's refusal would be unsealed.
        (.requestTooLarge(limit: 65_536), .requestTooLarge),
        (.gatewayKeysUnavailable(reason: "gone"), .sealingKeyUnavailable(Diagnostic("gone"))),
        // A refresh the backend was too busy to answer: the session is kept, the cache may stand in.
        (.refreshUnavailable(status: 503), .offline),
        (.refreshMisanswered(reason: "the refresh was answered 418"), .unusableResponse(Diagnostic("the refresh was answered 418"))),
        // A dripping server is as good as absent: the cache may stand in.
        (.transport(.deadlineExceeded(.seconds(15))), .offline),
        // A redirect is an answer, and an unusable one (CLI.md): 65, never the cache.
        (.transport(.redirected(status: 302, location: "http://elsewhere/")),
         .unusableResponse(Diagnostic("the server redirected (302) to http://elsewhere/; redirects are never followed"))),
        (.transport(.malformedResponse(reason: "the header X-IV is not valid text")),
         .unusableResponse(Diagnostic("the answer broke HTTP: the header X-IV is not valid text"))),
        // An impostor is not an outage: 76, and never the cache.
        (.transport(.serverIdentityRejected(host: "store.example", reason: .pinMismatch)),
         .untrustedStore(host: "store.example", Diagnostic("no certificate in its chain matches a pinned key"))),
    ])
    func networkMapping(error: NetworkError, expected: StoreError) {
        #expect(StoreErrorMapping.fromNetworkError(error) == expected)
    }

    /// Data knows what a certificate is; the domain only that the store is not trusted.
    /// So the reason a person can act on is worded here, as the error's diagnostic.
    @Test("a refused TLS identity carries the reason a person can act on", arguments: [
        (ServerIdentityFailure.untrusted, "its certificate is not signed by an authority you trust"),
        (.nameMismatch, "its certificate is for another name"),
        (.expired, "its certificate has expired or is not valid yet"),
        (.pinMismatch, "no certificate in its chain matches a pinned key"),
        (.other(detail: "handshake timed out"), "the TLS handshake failed: handshake timed out"),
    ])
    func serverIdentityReason(reason: ServerIdentityFailure, phrase: String) {
        let error = StoreErrorMapping.fromNetworkError(.transport(.serverIdentityRejected(host: "store.example", reason: reason)))
        #expect(error == .untrustedStore(host: "store.example", Diagnostic(phrase)))
    }

    @Test("the store client refuses non-2xx by its meaning, and names the missing field")
    func storeClient() async throws {
        let client = Self.client(SpyTransport(always: .json(404, #"{"message":"Product with id '999' not found"}"#)))
        await #expect(throws: StoreError.notFound) {
            _ = try await client.send(StoreEndpoints.product(ProductID(999)), kind: .authenticated)
        }
        // The server's message is read from the body and kept for the person.
        let failing = Self.client(SpyTransport(always: .json(500, #"{"message":"boom"}"#)))
        await #expect(throws: StoreError.storeFailed(Diagnostic("500", theirWords: "boom"))) {
            _ = try await failing.send(StoreEndpoints.product(ProductID(999)), kind: .authenticated)
        }

        let broken = Self.client(SpyTransport(always: .json(200, #"{"total":1}"#)))
        await #expect(throws: StoreError.unusableResponse(Diagnostic("GET /auth/products/search: missing field products"))) {
            _ = try await broken.send(StoreEndpoints.search(SearchQuery(text: "phone")), kind: .authenticated)
        }

        let html = Self.client(SpyTransport(always: StubResponse(status: 200, body: Array("<html>".utf8))))
        await #expect(throws: StoreError.self) {
            _ = try await html.send(StoreEndpoints.currentUser, kind: .authenticated)
        }
    }

    /// A store client over `transport` alone: no one signed in, so nothing is kept.
    static func client(_ transport: SpyTransport) -> StoreClient {
        StoreClient(chain: InterceptedTransport(interceptors: [], transport: transport), cache: FakeResponseCache(), sessions: FakeSessionStore(), clock: FakeWallClock(), cacheNamespace: "http://test")
    }
}
