@testable import Backend
import Foundation
import Infrastructure
import Logging
import TestSupport
import Testing

/// The store logic without a server: requests in, statuses and JSON out.
@Suite("StoreService", .timeLimit(.minutes(2)))
struct StoreServiceTests {
    let clock = FakeWallClock()
    let service: StoreService

    init() throws {
        service = StoreService(
            users: try UserDirectory.demo(),
            tokens: TokenIssuer(records: FakeBackendStore(), clock: clock, maximumAccessLifetime: nil),
            catalogue: Catalogue(seed: 2026, count: 300), carts: FakeBackendStore(), clock: clock
        )
    }

    private func send(_ method: String, _ target: String, body: String = "", token: String? = nil) async -> (status: Int, json: [String: Any]) {
        var headers: [String: String] = [:]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let response = await service.respond(to: StoreRequest(method: method, target: target, headers: headers, body: Array(body.utf8)))
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        return (response.status, json)
    }

    private func logIn(_ extra: String = "") async -> [String: Any] {
        await send("POST", "/auth/login", body: #"{"username":"emilys","password":"emilyspass"\#(extra)}"#).json
    }

    @Test("login answers the user and two opaque tokens of at least 128 bits")
    func login() async throws {
        let body = await logIn()
        #expect(body["username"] as? String == "emilys")
        #expect(body["firstName"] as? String == "Emily")
        let access = try #require(body["accessToken"] as? String)
        let refresh = try #require(body["refreshToken"] as? String)
        #expect(access.count >= 22 && refresh.count >= 22 && access != refresh)
    }

    @Test("login refuses missing fields and wrong credentials with DummyJSON's messages", arguments: [
        (#"{"username":"emilys"}"#, "Username and password required"),
        (#"{"username":"","password":"x"}"#, "Username and password required"),
        ("not json", "Username and password required"),
        (#"{"username":"emilys","password":"wrong"}"#, "Invalid credentials"),
        (#"{"username":"nobody","password":"emilyspass"}"#, "Invalid credentials"),
        (#"{"username":"emilys","password":"emilyspass","expiresInMins":0}"#, "expiresInMins must be between 1 and 43200"),
        // Found by schemathesis: null and text were read as "left out" (null) or as a
        // missing password (text). Each is a lifetime that is not a number.
        (#"{"username":"emilys","password":"emilyspass","expiresInMins":null}"#, "expiresInMins must be between 1 and 43200"),
        (#"{"username":"emilys","password":"emilyspass","expiresInMins":"30"}"#, "expiresInMins must be between 1 and 43200"),
        (#"{"username":"emilys","password":"emilyspass","expiresInMins":1.5}"#, "expiresInMins must be between 1 and 43200"),
    ])
    func loginFailures(body: String, message: String) async {
        let (status, json) = await send("POST", "/auth/login", body: body)
        #expect(status == 400)
        #expect(json["message"] as? String == message)
    }

    @Test("a user with a non-ASCII name logs in")
    func nonASCIIUser() async {
        let (status, json) = await send("POST", "/auth/login", body: #"{"username":"zoen","password":"zoenpass"}"#)
        #expect(status == 200)
        #expect(json["lastName"] as? String == "Nguyễn")
    }

    @Test("/auth/me needs a valid, unexpired token; expiresInMins is honoured")
    func me() async throws {
        let token = try #require(await logIn(#","expiresInMins":5"#)["accessToken"] as? String)

        #expect(await send("GET", "/auth/me", token: token).json["username"] as? String == "emilys")
        #expect(await send("GET", "/auth/me").json["message"] as? String == "Access Token is required")
        #expect(await send("GET", "/auth/me", token: "forged").status == 401)
        clock.advance(by: 5 * 60 + 1)
        let expired = await send("GET", "/auth/me", token: token)
        #expect(expired.status == 401)
        #expect(expired.json["message"] as? String == "Token Expired!")
    }

    @Test("a refresh token works once: it rotates, and the old one presented again ends every token of its sign-in (RFC 9700 4.14.2)")
    func refreshRotation() async throws {
        let refresh = try #require(await logIn()["refreshToken"] as? String)

        let first = await send("POST", "/auth/refresh", body: #"{"refreshToken":"\#(refresh)"}"#)
        let newAccess = try #require(first.json["accessToken"] as? String)
        let newRefresh = try #require(first.json["refreshToken"] as? String)
        let beforeReuse = await send("GET", "/auth/me", token: newAccess).status
        let replayed = await send("POST", "/auth/refresh", body: #"{"refreshToken":"\#(refresh)"}"#)
        let afterReuse = await send("GET", "/auth/me", token: newAccess).status
        let descendant = await send("POST", "/auth/refresh", body: #"{"refreshToken":"\#(newRefresh)"}"#)
        let missing = await send("POST", "/auth/refresh", body: "{}")

        #expect(first.status == 200)
        #expect(newRefresh != refresh)
        #expect(beforeReuse == 200)
        #expect(replayed.status == 403)
        #expect(replayed.json["message"] as? String == "This refresh token was used before, so a copy of it is in other hands: every token of its sign-in is ended")
        #expect(afterReuse == 401)
        #expect(descendant.status == 403)
        #expect(descendant.json["message"] as? String == "Invalid or expired refresh token")
        #expect(missing.status == 401)
    }

    @Test("a refresh whose lifetime is not a number is a 400, and spends no token")
    func refreshWithMalformedLifetime() async throws {
        let refresh = try #require(await logIn()["refreshToken"] as? String)
        let refused = await send("POST", "/auth/refresh", body: #"{"refreshToken":"\#(refresh)","expiresInMins":null}"#)
        #expect(refused.status == 400)
        #expect(refused.json["message"] as? String == "expiresInMins must be between 1 and 43200")
        #expect(await send("POST", "/auth/refresh", body: #"{"refreshToken":"\#(refresh)"}"#).status == 200)
    }

    @Test("search pages through the matches with DummyJSON's total, skip and limit")
    func searchPaging() async throws {
        let token = try #require(await logIn()["accessToken"] as? String)

        let page = await send("GET", "/auth/products/search?q=PHONE&limit=10&skip=20", token: token)

        #expect(page.status == 200)
        #expect(page.json["total"] as? Int == 25)
        #expect(page.json["skip"] as? Int == 20)
        // `limit` counts what came back: the last 5 of 25.
        #expect(page.json["limit"] as? Int == 5)
        #expect((page.json["products"] as? [Any])?.count == 5)
        #expect(await send("GET", "/auth/products/search?q=phone").status == 401)
        #expect(await send("GET", "/products/search?q=phone").json["total"] as? Int == 25)
    }

    @Test("a malformed limit or skip is a 400", arguments: ["limit=ten", "limit=-1", "skip=x", "skip=-5"])
    func malformedPaging(query: String) async throws {
        let (status, json) = await send("GET", "/products/search?q=phone&\(query)")
        #expect(status == 400)
        #expect((json["message"] as? String)?.hasPrefix("Invalid") == true)
    }

    @Test("a product by id, and DummyJSON's message for a missing one")
    func productByID() async throws {
        let token = try #require(await logIn()["accessToken"] as? String)
        #expect(await send("GET", "/auth/products/13", token: token).json["id"] as? Int == 13)
        let missing = await send("GET", "/auth/products/999", token: token)
        #expect(missing.status == 404)
        #expect(missing.json["message"] as? String == "Product with id '999' not found")
    }

    /// RFC 9110, 15.5.6: a method the resource does not take is a 405 that names the
    /// ones it does, not a 404 that says the resource is missing. Found by schemathesis.
    @Test("a method a route does not take is a 405 with Allow; an unknown path stays a 404", arguments: [
        ("DELETE", "/auth/login", "POST"), ("GET", "/auth/refresh", "POST"), ("TRACE", "/auth/me", "GET"),
        ("PUT", "/auth/products/search?q=x", "GET"), ("PATCH", "/auth/products/13", "GET"),
        ("POST", "/auth/products/categories", "GET"), ("DELETE", "/auth/products/category/laptops", "GET"),
        ("POST", "/products/search", "GET"), ("OPTIONS", "/products/1", "GET"),
    ])
    func methodNotAllowed(method: String, target: String, allowed: String) async {
        let response = await service.respond(to: StoreRequest(method: method, target: target, headers: [:], body: []))
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == allowed)
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        #expect(json?["message"] as? String == "Method \(method) is not allowed on \(target.prefix { $0 != "?" })")
        #expect(await send(method, "/nowhere").status == 404)
    }
}

@Suite("Catalogue", .timeLimit(.minutes(2)))
struct CatalogueTests {
    let catalogue = Catalogue(seed: 2026, count: 600)

    @Test("building the index says how far it has come, every 10,000 products and at the end")
    func indexingProgress() {
        var counts: [Int] = []
        _ = Catalogue(seed: 1, count: 25_000) { counts.append($0) }
        #expect(counts == [10_000, 20_000, 25_000])

        var small: [Int] = []
        _ = Catalogue(seed: 1, count: 300) { small.append($0) }
        #expect(small == [300])
    }

    @Test("the same seed makes the same catalogue, with some products unbranded")
    func deterministic() {
        let again = Catalogue(seed: 2026, count: 600)
        #expect((1...600).allSatisfy { catalogue.product(id: $0) == again.product(id: $0) })
        #expect((1...600).contains { catalogue.product(id: $0)?.brand == nil })
        #expect(catalogue.product(id: 0) == nil && catalogue.product(id: 601) == nil)
    }

    @Test("the index finds exactly what a scan of every title and description finds", arguments: [
        "phone", "PHONE", "Phone", "app", "e", "mini", "café", "crème mug", "smartphone with", "zzz", "13 pro", "a", "",
        // No letter or digit, so no indexed word: matched by the text alone, like any other.
        "+", "&", "!!", ".", "'s", " ", "-",
        // Words of other characters than ASCII, in the index and in the query.
        "MÜSLI", "üsl", "cafe\u{301}", "crè", "ème", "phöne",
    ])
    func indexMatchesScan(query: String) {
        let needle = query.lowercased()
        // An empty query matches everything (Swift's `contains("")` says false, so it is spelled out).
        let scanned = (1...600).compactMap { catalogue.product(id: $0) }.filter {
            needle.isEmpty || $0.title.lowercased().contains(needle) || $0.description.lowercased().contains(needle)
        }

        let found = catalogue.search(query, limit: 1_000, skip: 0)

        #expect(found.total == scanned.count)
        #expect(found.products.map(\.id) == scanned.map(\.id))
    }
}

@Suite("Injected faults of the backend", .timeLimit(.minutes(2)))
struct BackendFaultTests {
    @Test("injected failures answer 503, then the server behaves")
    func injectedFailures() async throws {
        let handler = StoreHTTPHandler(
            service: StoreService(users: try UserDirectory.demo(), tokens: TokenIssuer(records: FakeBackendStore(), clock: FakeWallClock(), maximumAccessLifetime: nil), catalogue: Catalogue(seed: 1, count: 10), carts: FakeBackendStore(), clock: FakeWallClock()),
            gateway: nil, faults: FaultPlan(failures: 2), latency: .zero, logger: .init(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
        let request = StoreRequest(method: "GET", target: "/products/1", headers: [:], body: [])
        var statuses: [Int] = []
        for _ in 0..<3 {
            statuses.append(await handler.handle(request, bodyTooLarge: false).status)
        }
        #expect(statuses == [503, 503, 200])
    }
}
