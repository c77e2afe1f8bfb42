@testable import Data
import HTTPTypes
import TestSupport
import Testing

@Suite("AuthInterceptor and TokenRefresher", .timeLimit(.minutes(2)))
struct AuthInterceptorTests {
    static let oldSession = Session(accessToken: "access-1", refreshToken: "refresh-1", userID: 1)
    static let refreshed = #"{"accessToken":"access-2","refreshToken":"refresh-2"}"#
    let me = HTTPRequest.origin(.get, "/auth/me")
    /// A fresh context for each exchange, as the store client makes one.
    var authenticated: ExchangeContext { ExchangeContext(requiresAuthentication: true) }

    private func chain(_ sessions: FakeSessionStore, _ transport: SpyTransport) -> InterceptedTransport {
        InterceptedTransport(
            interceptors: [AuthInterceptor(sessions: sessions, refresher: TokenRefresher(sessions: sessions))],
            transport: transport
        )
    }

    @Test("adds the bearer token to requests that need it, and nothing to those that do not")
    func addsBearer() async throws {
        let transport = SpyTransport(always: StubResponse(status: 200))
        let chain = chain(FakeSessionStore(Self.oldSession), transport)

        _ = try await chain.send(me, context: authenticated)
        _ = try await chain.send(HTTPRequest.origin(.post, "/auth/login"))

        let sent = await transport.requests
        #expect(sent.map { $0.header("Authorization") } == ["Bearer access-1", nil])
    }

    @Test("without a session an authenticated request fails before the network")
    func notSignedIn() async throws {
        let transport = SpyTransport(always: StubResponse(status: 200))

        await #expect(throws: NetworkError.notSignedIn) {
            _ = try await chain(FakeSessionStore(), transport).send(me, context: authenticated)
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test("on a 401 it refreshes once, stores the rotated tokens, then replays once with the new token")
    func refreshesAndReplays() async throws {
        let sessions = FakeSessionStore(Self.oldSession)
        let transport = SpyTransport { request, _ in
            if request.path == "/auth/refresh" { return .json(200, Self.refreshed) }
            if request.header("Authorization") == "Bearer access-2" {
                // The rotated refresh token must already be stored when the replay goes out.
                let stored = await sessions.session
                return stored?.refreshToken == "refresh-2" ? .json(200, "{}") : StubResponse(status: 500)
            }
            return .json(401, #"{"message":"Token Expired!"}"#)
        }

        let answer = try await chain(sessions, transport).send(me, context: authenticated)
        let response = answer.response

        #expect(response.status == 200)
        let sent = await transport.requests
        #expect(sent.map(\.path) == ["/auth/me", "/auth/refresh", "/auth/me"])
        #expect(String(decoding: sent[1].body ?? [], as: UTF8.self).contains(#""refreshToken":"refresh-1""#))
        #expect(await sessions.session == Session(accessToken: "access-2", refreshToken: "refresh-2", userID: 1))
    }

    @Test("a refused refresh clears the session and reports it expired, without a replay", arguments: [401, 403])
    func refusedRefresh(status: Int) async throws {
        let sessions = FakeSessionStore(Self.oldSession)
        let transport = SpyTransport { request, _ in
            request.path == "/auth/refresh" ? .json(status, #"{"message":"Invalid refresh token"}"#) : .json(401, "{}")
        }

        await #expect(throws: NetworkError.sessionExpired) {
            _ = try await chain(sessions, transport).send(me, context: authenticated)
        }
        #expect(await transport.requests.map(\.path) == ["/auth/me", "/auth/refresh"])
        #expect(await sessions.session == nil)
    }

    @Test("a 401 on the replay goes back to the caller: one refresh, never a loop")
    func neverLoops() async throws {
        let sessions = FakeSessionStore(Self.oldSession)
        let transport = SpyTransport { request, _ in
            request.path == "/auth/refresh" ? .json(200, Self.refreshed) : .json(401, "{}")
        }

        let answer = try await chain(sessions, transport).send(me, context: authenticated)
        let response = answer.response

        #expect(response.status == 401)
        #expect(await transport.requests.map(\.path) == ["/auth/me", "/auth/refresh", "/auth/me"])
    }

    @Test("a failing backend during refresh keeps the session for a later try")
    func serverErrorKeepsSession() async throws {
        let sessions = FakeSessionStore(Self.oldSession)
        let transport = SpyTransport { request, _ in
            request.path == "/auth/refresh" ? StubResponse(status: 503) : .json(401, "{}")
        }

        let error = await #expect(throws: NetworkError.self) {
            _ = try await chain(sessions, transport).send(me, context: authenticated)
        }
        guard case .refreshUnavailable(status: 503) = error else {
            Issue.record("expected the refresh unavailable, got \(String(describing: error))")
            return
        }
        #expect(await sessions.session == Self.oldSession)
    }

    @Test("20 concurrent requests rejected with 401 share exactly one refresh, and all 20 are replayed")
    func singleFlight() async throws {
        let sessions = FakeSessionStore(Self.oldSession)
        // The refresh answers only once all 20 requests have been rejected, so every
        // one of them asks for a renewal while the first refresh is still running.
        let allRejected = Gate()
        let rejections = Counter(openingAt: 20, gate: allRejected)
        let transport = SpyTransport { request, _ async throws(TransportError) in
            if request.path == "/auth/refresh" {
                // Cancelled at the time limit (a refresh that is not single-flight never
                // sees the gate open): the exchange ends as cancelled, not for ever.
                do { try await allRejected.wait() } catch { throw TransportError.cancelled }
                return .json(200, Self.refreshed)
            }
            if request.header("Authorization") == "Bearer access-2" { return .json(200, "{}") }
            await rejections.increment()
            return .json(401, "{}")
        }
        let chain = chain(sessions, transport)
        let request = me
        let authenticated = authenticated

        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { try await chain.send(request, context: authenticated).response.status.code }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        let sent = await transport.requests
        #expect(statuses == Array(repeating: 200, count: 20))
        #expect(sent.filter { $0.path == "/auth/refresh" }.count == 1)
        #expect(sent.filter { $0.header("Authorization") == "Bearer access-2" }.count == 20)
        #expect(await sessions.saveCount == 1)
    }

    @Test("a request rejected after another finished refreshing uses the stored token without refreshing again")
    func lateRejectionReusesRenewal() async throws {
        let sessions = FakeSessionStore(Session(accessToken: "access-2", refreshToken: "refresh-2", userID: 1))
        let refresher = TokenRefresher(sessions: sessions)
        let transport = SpyTransport(always: .json(200, Self.refreshed))

        let renewed = try await refresher.renewedSession(replacing: "access-1") { request, body async throws(NetworkError) in
            do throws(TransportError) {
                let (response, responseBody) = try await transport.send(request, body: body)
                return HTTPAnswer(response: response, body: responseBody)
            } catch {
                throw .transport(error)
            }
        }

        #expect(renewed.accessToken == "access-2")
        #expect(await transport.requests.isEmpty)
    }
}
