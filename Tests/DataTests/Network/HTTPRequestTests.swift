@testable import Data
import Domain
import TestSupport
import Testing

@Suite("HTTPRequest and endpoints", .timeLimit(.minutes(2)))
struct HTTPRequestTests {
    @Test("the target percent-encodes the query byte for byte, keeping its order")
    func targetEncoding() {
        let request = HTTPRequest(method: .get, path: "/auth/products/search", queryItems: [
            QueryItem("q", "red phone & case=1+1/é~"), QueryItem("limit", "10"), QueryItem("skip", "0"),
        ])
        #expect(request.target == "/auth/products/search?q=red%20phone%20%26%20case%3D1%2B1%2F%C3%A9~&limit=10&skip=0")
        #expect(HTTPRequest(method: .get, path: "/auth/me").target == "/auth/me")
    }

    @Test("a search always goes through /auth/products/search with q, limit and skip, authenticated")
    func searchEndpoint() throws {
        let request = StoreEndpoints.search(try SearchQuery(text: "phone", page: 3, pageSize: 10))
        #expect(request.method == .get)
        #expect(request.target == "/auth/products/search?q=phone&limit=10&skip=20")
        #expect(request.requiresAuthentication)
    }

    @Test("login is an unauthenticated JSON POST; me, product and refresh are where PROTOCOL.md says")
    func otherEndpoints() throws {
        let login = try StoreEndpoints.logIn(username: "emilys", password: "emilyspass")
        #expect(login.method == .post && login.path == "/auth/login" && !login.requiresAuthentication)
        #expect(login.header("content-type") == "application/json")
        #expect(String(decoding: login.body ?? [], as: UTF8.self).contains(#""username":"emilys""#))
        #expect(StoreEndpoints.currentUser.path == "/auth/me" && StoreEndpoints.currentUser.requiresAuthentication)
        #expect(StoreEndpoints.product(try ProductID(101)).path == "/auth/products/101")
        let refresh = try StoreEndpoints.refresh(refreshToken: "r1")
        #expect(refresh.method == .post && refresh.path == "/auth/refresh" && !refresh.requiresAuthentication)
    }

    @Test("response headers are found whatever their case, and only 2xx is success")
    func responseBasics() {
        let response = HTTPResponse(status: 200, headers: ["x-iv": "abc"])
        #expect(response.header("X-IV") == "abc")
        #expect(HTTPResponse(status: 204).isSuccess)
        #expect(!HTTPResponse(status: 301).isSuccess)
        #expect(!HTTPResponse(status: 401).isSuccess)
    }
}

/// Records the order in which interceptors see a request and its response.
private struct TracingInterceptor: HTTPInterceptor {
    let name: String
    let trace: SpyLog

    func intercept(_ request: HTTPRequest, next: @escaping HTTPHandler) async throws(NetworkError) -> HTTPResponse {
        trace.append("\(name) out")
        var request = request
        request.headers[name] = "seen"
        let response = try await next(request)
        trace.append("\(name) back")
        return response
    }
}

@Suite("InterceptedTransport", .timeLimit(.minutes(2)))
struct InterceptedTransportTests {
    @Test("runs interceptors first to last on the way out and last to first on the way back")
    func order() async throws {
        let trace = SpyLog()
        let transport = SpyTransport(always: HTTPResponse(status: 200))
        let chain = InterceptedTransport(
            interceptors: [TracingInterceptor(name: "a", trace: trace), TracingInterceptor(name: "b", trace: trace)],
            transport: transport
        )

        _ = try await chain.send(HTTPRequest(method: .get, path: "/x"))

        #expect(trace.messages == ["a out", "b out", "b back", "a back"])
        let sent = await transport.requests
        #expect(sent.first?.headers == ["a": "seen", "b": "seen"])
    }
}
