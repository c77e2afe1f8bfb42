@testable import Data
import Foundation
import HTTPTypes
import Infrastructure
import Logging
import TestSupport
import Testing

/// A backend behind a path (`https://host/api`, as DummyJSON-style deployments are):
/// the request line carries the path, and so must the sealed associated data, because
/// PROTOCOL.md's TARGET is what the request line carries.
@Suite("A base URL with a path", .timeLimit(.minutes(2)))
struct BasePathTests {
    @Test("the request line and the sealed associated data both carry the base path")
    func sealedUnderPath() async throws {
        let key = try PayloadKey.fresh()
        let adapter = SpyTransport(always: StubResponse(status: 204))
        let chain = InterceptedTransport.storeChain(
            adapter: adapter, sessions: FakeSessionStore(), payloadKey: key,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, basePath: "/api"
        )

        let logIn = try StoreEndpoints.logIn(username: "emilys", password: "emilyspass")
        _ = try await chain.send(logIn.request, body: logIn.body)

        let sent = try #require(await adapter.requests.first)
        #expect(sent.target == "/api/auth/login")
        let header = try #require(sent.header(SealHeader.fieldName))
        let body = try #require(sent.body)
        func open(target: String) throws -> [UInt8] {
            let (request, key) = try SealedExchange.readRequest(
                method: "POST", target: target, headerText: header, body: body, keys: try PayloadKeyRing(current: key), now: 0
            )
            return try SealedExchange.openBody(body, of: request, key: key)
        }
        #expect(String(decoding: try open(target: "/api/auth/login"), as: UTF8.self).contains("emilys"))
        #expect(throws: SealedExchange.Failure.self) { try open(target: "/auth/login") }
    }

    @Test("the refresh made inside the chain goes under the base path too")
    func refreshUnderPath() async throws {
        let sessions = FakeSessionStore(Session(accessToken: "a1", refreshToken: "r1", userID: 1))
        let adapter = SpyTransport { request, _ in
            request.path.hasSuffix("/auth/refresh") ? .json(403, #"{"message":"no"}"#) : .json(401, "{}")
        }
        let chain = InterceptedTransport.storeChain(
            adapter: adapter, sessions: sessions, payloadKey: nil,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, basePath: "/api"
        )

        await #expect(throws: NetworkError.sessionExpired) {
            _ = try await chain.send(HTTPRequest.origin(.get, "/auth/me"), context: ExchangeContext(requiresAuthentication: true))
        }
        #expect(await adapter.requests.map(\.path) == ["/api/auth/me", "/api/auth/refresh"])
    }

    @Test("the base path is read from the URL, percent-encoding kept, trailing slash dropped", arguments: [
        ("https://store.example", ""), ("https://store.example/", ""), ("https://store.example/api", "/api"),
        ("https://store.example/api/", "/api"), ("http://127.0.0.1:8080/v1/store%20front", "/v1/store%20front"),
    ])
    func basePath(url: String, expected: String) throws {
        let parsed = try #require(URL(string: url))
        #expect(TransportConfiguration.split(parsed).basePath == expected)
        #expect(TransportConfiguration.split(parsed).origin.path.isEmpty)
    }
}
