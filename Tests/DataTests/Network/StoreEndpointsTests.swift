@testable import Data
import Domain
import HTTPTypes
import TestSupport
import Testing

@Suite("Store endpoints", .timeLimit(.minutes(2)))
struct StoreEndpointsTests {
    @Test("the query is percent-encoded byte for byte, in the order given")
    func queryEncoding() {
        let query = StoreEndpoints.queryString([("q", "red phone & case=1+1/é~"), ("limit", "10"), ("skip", "0")])
        #expect(query == "?q=red%20phone%20%26%20case%3D1%2B1%2F%C3%A9~&limit=10&skip=0")
        #expect(StoreEndpoints.queryString([]) == "")
    }

    @Test("a search always goes through /auth/products/search with q, limit and skip, authenticated")
    func searchEndpoint() throws {
        let call = StoreEndpoints.search(try SearchQuery(text: "phone", page: 3, pageSize: 10))
        #expect(call.request.method == .get)
        #expect(call.target == "/auth/products/search?q=phone&limit=10&skip=20")
        #expect(call.request.scheme == nil && call.request.authority == nil, "the adapter knows the backend")
        #expect(call.body == nil)
        #expect(call.requiresAuthentication)
    }

    @Test("login is an unauthenticated JSON POST; me, product and refresh are where PROTOCOL.md says")
    func otherEndpoints() throws {
        let login = try StoreEndpoints.logIn(username: "emilys", password: "emilyspass")
        #expect(login.request.method == .post && login.target == "/auth/login" && !login.requiresAuthentication)
        #expect(login.request.headerFields[.contentType] == "application/json")
        #expect(String(decoding: login.body ?? [], as: UTF8.self).contains(#""username":"emilys""#))
        #expect(StoreEndpoints.currentUser.target == "/auth/me" && StoreEndpoints.currentUser.requiresAuthentication)
        #expect(StoreEndpoints.product(try ProductID(101)).target == "/auth/products/101")
        let refresh = try StoreEndpoints.refresh(renewing: Session(accessToken: "a1", refreshToken: "r1", userID: 1))
        #expect(refresh.request.method == .post && refresh.target == "/auth/refresh" && !refresh.requiresAuthentication)
    }
}

/// Records the order in which interceptors see a request and its response.
private struct TracingInterceptor: HTTPInterceptor {
    let name: String
    let trace: SpyLog

    func intercept(
        _ request: HTTPRequest,
        body: [UInt8]?,
        context: ExchangeContext,
        next: @escaping HTTPHandler
    ) async throws(NetworkError) -> HTTPAnswer {
        trace.append("\(name) out")
        var request = request
        if let field = HTTPField.Name("X-Trace-\(name)") {
            request.headerFields[field] = "seen"
        }
        let answer = try await next(request, body)
        trace.append("\(name) back")
        return answer
    }
}

@Suite("InterceptedTransport", .timeLimit(.minutes(2)))
struct InterceptedTransportTests {
    @Test("runs interceptors first to last on the way out and last to first on the way back")
    func order() async throws {
        let trace = SpyLog()
        let transport = SpyTransport(always: StubResponse(status: 200))
        let chain = InterceptedTransport(
            interceptors: [TracingInterceptor(name: "a", trace: trace), TracingInterceptor(name: "b", trace: trace)],
            transport: transport
        )

        _ = try await chain.send(HTTPRequest.origin(.get, "/x"))

        #expect(trace.messages == ["a out", "b out", "b back", "a back"])
        let sent = try #require(await transport.requests.first)
        #expect(sent.header("X-Trace-a") == "seen" && sent.header("X-Trace-b") == "seen")
    }

    @Test("what the adapter throws reaches the caller as the transport's error, unchanged")
    func transportErrorWrapped() async throws {
        let chain = InterceptedTransport(interceptors: [], transport: SpyTransport(failing: .cannotConnect(reason: "refused")))

        await #expect(throws: NetworkError.transport(.cannotConnect(reason: "refused"))) {
            _ = try await chain.send(HTTPRequest.origin(.get, "/x"))
        }
    }
}
