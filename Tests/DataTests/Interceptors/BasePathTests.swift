@testable import Data
import Foundation
import HTTPTypes
import Infrastructure
import Logging
import TestSupport
import Testing

/// A backend behind a path (`https://host/api`, as DummyJSON-style deployments are):
/// the request line carries the path, and so does the request sealed inside an
/// Oblivious HTTP encapsulation, whose outside goes to the gateway at the origin's root.
@Suite("A base URL with a path", .timeLimit(.minutes(2)))
struct BasePathTests {
    @Test("the sealed request carries the base path; outside, only the gateway's well-known path shows")
    func sealedUnderPath() async throws {
        let gateway = try GatewayStub()
        let adapter = gateway.transport { _, _ in StubResponse(status: 204) }
        let chain = InterceptedTransport.storeChain(
            adapter: adapter, sessions: FakeSessionStore(), oblivious: gateway.interceptor(),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, basePath: "/api"
        )

        let logIn = try StoreEndpoints.logIn(username: "emilys", password: "emilyspass")
        _ = try await chain.send(logIn.request, body: logIn.body)

        let sent = try #require(await adapter.requests.first)
        #expect(sent.target == ObliviousGatewayPath.wellKnown)
        #expect(sent.header("Content-Type") == "message/ohttp-req")
        let inner = gateway.open(sent).request
        #expect(inner.method == "POST" && inner.path == "/api/auth/login")
        #expect(String(decoding: inner.content, as: UTF8.self).contains("emilys"))
        #expect(!String(decoding: sent.body ?? [], as: UTF8.self).contains("emilys"))
    }

    @Test("the refresh made inside the chain goes under the base path too")
    func refreshUnderPath() async throws {
        let sessions = FakeSessionStore(Session(accessToken: "a1", refreshToken: "r1", userID: 1))
        let adapter = SpyTransport { request, _ in
            request.path.hasSuffix("/auth/refresh") ? .json(403, #"{"message":"no"}"#) : .json(401, "{}")
        }
        let chain = InterceptedTransport.storeChain(
            adapter: adapter, sessions: sessions, oblivious: nil,
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
