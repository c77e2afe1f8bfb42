@testable import Data
import HTTPTypes
import Infrastructure
import Logging
import TestSupport
import Testing

/// When a refresh may end the session, and when it must not: PROTOCOL.md names 401 and
/// 403; anything else, an unauthenticated status, or a session replaced meanwhile
/// leaves the stored session as it was.
@Suite("Refresh refusals and the production chain", .timeLimit(.minutes(2)))
struct RefreshRefusalTests {
    static let session = Session(accessToken: "access-1", refreshToken: "refresh-1", userID: 1)
    let me = HTTPRequest.origin(.get, "/auth/me")
    /// A fresh context for each exchange, as the store client makes one.
    var authenticated: ExchangeContext { ExchangeContext(requiresAuthentication: true) }

    private func chain(_ sessions: FakeSessionStore, _ transport: SpyTransport) -> InterceptedTransport {
        InterceptedTransport(
            interceptors: [AuthInterceptor(sessions: sessions, refresher: TokenRefresher(sessions: sessions))],
            transport: transport
        )
    }

    /// A backend whose access token expired and whose refresh answers `refresh`.
    private func expired(refresh: StubResponse) -> SpyTransport {
        SpyTransport { request, _ in
            request.path == "/auth/refresh" ? refresh : .json(401, #"{"message":"Token Expired!"}"#)
        }
    }

    @Test("401 and 403 end the session", arguments: [401, 403])
    func refusalEndsSession(status: Int) async throws {
        let sessions = FakeSessionStore(Self.session)

        await #expect(throws: NetworkError.sessionExpired) {
            _ = try await chain(sessions, expired(refresh: .json(status, #"{"message":"Invalid refresh token"}"#))).send(me, context: authenticated)
        }
        #expect(await sessions.session == nil)
    }

    @Test("any other answer to a refresh keeps the session", arguments: [429, 404, 409, 302, 400, 500, 503])
    func otherAnswersKeepSession(status: Int) async throws {
        let sessions = FakeSessionStore(Self.session)

        await #expect(throws: NetworkError.self) {
            _ = try await chain(sessions, expired(refresh: .json(status, #"{"message":"no"}"#))).send(me, context: authenticated)
        }
        #expect(await sessions.session == Self.session)
    }

    @Test("a refresh answered with tokens that cannot be sent back keeps the session", arguments: [
        #"{"accessToken":"new\nline","refreshToken":"r2"}"#, #"{"accessToken":"a2","refreshToken":""}"#,
        // FuzzWireAnswers' finding, with the rule weakened to "not empty": a DEL in the token.
        #"{"accessToken":"eJJJJJJ________\u007f","refreshToken":"eyo"}"#,
    ])
    func unsendableRenewalKeepsSession(body: String) async throws {
        let sessions = FakeSessionStore(Self.session)

        await #expect(throws: NetworkError.refreshMisanswered(reason: Session.tokenRule)) {
            _ = try await chain(sessions, expired(refresh: .json(200, body))).send(me, context: authenticated)
        }
        #expect(await sessions.session == Self.session)
    }

    /// CLI.md, "What every command does alike": the status decides, when it is sealed;
    /// a refusal's body need not say anything.
    @Test("sealed mode: an empty 403 inside the encapsulation ends the session")
    func sealedRefusalEndsSession() async throws {
        let gateway = try GatewayStub()
        let sessions = FakeSessionStore(Self.session)
        let transport = gateway.transport { request, _ in
            request.pathOnly == "/auth/refresh" ? StubResponse(status: 403) : StubResponse(status: 401)
        }
        let sealed = InterceptedTransport(
            interceptors: [AuthInterceptor(sessions: sessions, refresher: TokenRefresher(sessions: sessions)), gateway.interceptor()],
            transport: transport
        )

        await #expect(throws: NetworkError.sessionExpired) {
            _ = try await sealed.send(me, context: authenticated)
        }
        #expect(await sessions.session == nil)
    }

    /// Issue 41's attack: a party on the path, holding no key, answers the unsealed way.
    @Test("sealed mode: an unsealed empty 401, then 401 or 403 to the refresh, ends nothing", arguments: [401, 403])
    func unsealedRefusalEndsNothing(refusal: Int) async throws {
        let gateway = try GatewayStub()
        let sessions = FakeSessionStore(Self.session)
        let transport = SpyTransport { request, index in StubResponse(status: index == 0 ? 401 : refusal) }
        let sealed = InterceptedTransport(
            interceptors: [AuthInterceptor(sessions: sessions, refresher: TokenRefresher(sessions: sessions)), gateway.interceptor()],
            transport: transport
        )

        await #expect(throws: NetworkError.unsealedResponse) {
            _ = try await sealed.send(me, context: authenticated)
        }
        #expect(await sessions.session == Self.session)
        #expect(await transport.requests.count == 1, "an unsealed 401 must not even start a refresh")
    }

    @Test("a refusal does not clear a session that a login replaced meanwhile")
    func compareAndClear() async throws {
        let sessions = FakeSessionStore(Self.session)
        let newLogin = Session(accessToken: "access-9", refreshToken: "refresh-9", userID: 1)
        let transport = SpyTransport { request, _ in
            guard request.path == "/auth/refresh" else { return .json(401, "{}") }
            try? await sessions.save(newLogin) // `storefront login` in another process
            return .json(403, #"{"message":"Invalid refresh token"}"#)
        }

        await #expect(throws: NetworkError.sessionExpired) {
            _ = try await chain(sessions, transport).send(me, context: authenticated)
        }
        #expect(await sessions.session == newLogin)
    }

    @Test("the production chain never repeats a refresh: a failed refresh POST is sent once", arguments: [
        TransportError.unreachable(reason: "connection reset"), nil,
    ])
    func productionChainSendsOneRefresh(failure: TransportError?) async throws {
        let sessions = FakeSessionStore(Self.session)
        let adapter = SpyTransport { request, _ throws(TransportError) in
            guard request.path == "/auth/refresh" else { return .json(401, "{}") }
            if let failure { throw failure }
            return .json(503, #"{"message":"busy"}"#)
        }
        let chain = InterceptedTransport.storeChain(
            adapter: adapter, sessions: sessions, oblivious: nil,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, sleeper: SpySleeper()
        )

        await #expect(throws: NetworkError.self) {
            _ = try await chain.send(me, context: authenticated)
        }

        let sent = await adapter.requests.map(\.path)
        #expect(sent.filter { $0 == "/auth/refresh" }.count == 1, "\(sent)")
        #expect(await sessions.session == Self.session)
    }
}
