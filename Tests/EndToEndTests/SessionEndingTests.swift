import Foundation
import Infrastructure
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// Sessions the store ends, against the bundled backend in plain mode, its clock the
/// test's: a refresh token copied and used by someone else (RFC 9700 section 4.14.2's
/// reuse detection), and `storefront logout` (RFC 7009's revocation).
@Suite("Sessions the store ends: a stolen refresh token, and logout", .timeLimit(.minutes(2)), .stopsItsBackends)
struct SessionEndingTests {
    /// The tokens `cli`'s session file holds.
    static func tokens(of cli: CLI) async throws -> (access: String, refresh: String) {
        let text = try #require(try await cli.storedSession())
        let session = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return (try #require(session["accessToken"] as? String), try #require(session["refreshToken"] as? String))
    }

    /// `GET /auth/me` with `token`: its status.
    static func me(_ backend: RunningBackend, _ token: String) async throws -> Int {
        var request = URLRequest(url: try #require(URL(string: backend.url + "/auth/me")))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// `POST /auth/refresh` with `token`: its status, and the new pair when it gave one.
    static func refresh(_ backend: RunningBackend, _ token: String) async throws -> (status: Int, access: String?, refresh: String?) {
        let answer = try await TwoServeProcessesTests.post(backend.url + "/auth/refresh", json: ["refreshToken": token])
        return (answer.status, answer.body["accessToken"] as? String, answer.body["refreshToken"] as? String)
    }

    @Test("a thief refreshes with a copied token; the owner's refresh with the spent one ends both: the thief's tokens are refused, and the owner is told to sign in again (77)")
    func reuseEndsTheThiefsChain() async throws {
        let clock = FakeWallClock()
        let backend = try await RunningBackend.start(key: nil, clock: clock, tokenLifetime: .seconds(60))
        let owner = try CLI(backend: backend, key: nil)
        let login = try await owner.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        try #require(login.status == 0, "\(login.everything)")
        let copied = try await Self.tokens(of: owner).refresh
        clock.advance(by: 120)

        let stolen = try await Self.refresh(backend, copied)
        let thiefAccess = try #require(stolen.access)
        let thiefRefresh = try #require(stolen.refresh)
        let thiefBefore = try await Self.me(backend, thiefAccess)
        let whoami = try await owner.run(["whoami"])
        let thiefAfter = try await Self.me(backend, thiefAccess)
        let thiefRefreshes = try await Self.refresh(backend, thiefRefresh)

        #expect(stolen.status == 200 && thiefBefore == 200, "the copy worked until the owner came")
        #expect(whoami.status == 77 && whoami.standardError.contains("sign in again"), "\(whoami.everything)")
        #expect(thiefAfter == 401)
        #expect(thiefRefreshes.status == 403 && thiefRefreshes.access == nil)
    }

    @Test("after logout, plain or sealed, the store refuses the session's tokens: put back, the session is told to sign in again (77)", arguments: [false, true])
    func logoutEndsTheSession(sealed: Bool) async throws {
        let key = sealed ? try GatewayKey.fresh() : nil
        let backend = try await RunningBackend.start(key: key)
        let cli = try CLI(backend: backend, key: key)
        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        try #require(login.status == 0, "\(login.everything)")
        let kept = try #require(try await cli.storedSession())
        let (access, refresh) = try await Self.tokens(of: cli)

        let logout = try await cli.run(["logout"])
        let forgotten = try await cli.storedSession() == nil
        try PrivateFiles.writeAtomically(Array(kept.utf8), to: cli.dataDirectory + "/session.json")
        let whoami = try await cli.run(["whoami"])

        #expect(logout.status == 0, "\(logout.everything)")
        #expect(logout.standardOutput == "Signed out.\nThe store has ended the session: its tokens work nowhere now.\n", "\(logout.everything)")
        #expect(forgotten)
        #expect(whoami.status == 77 && whoami.standardError.contains("sign in again"), "\(whoami.everything)")
        if !sealed {
            #expect(try await Self.me(backend, access) == 401)
            #expect(try await Self.refresh(backend, refresh).status == 403)
        }
    }

    /// DummyJSON has no revocation: its 404 for the path.
    @Test("against a store without the endpoint, logout says the store keeps the tokens until they expire, forgets the session, and exits 0")
    func logoutWithoutEndpoint() async throws {
        let store = try LoopbackHTTPServer { request in
            guard request.target == "/auth/login" else {
                return .respond(status: 404, headers: ["Content-Type": "application/json"], body: Array(#"{"message":"Route not found"}"#.utf8))
            }
            return .respond(status: 200, headers: ["Content-Type": "application/json"], body: Array("""
                {"id":1,"username":"emilys","email":"emily@x.dummyjson.com","firstName":"Emily",\
                "lastName":"Johnson","accessToken":"access-1","refreshToken":"refresh-1"}
                """.utf8))
        }
        defer { store.stop() }
        var cli = try CLI(backend: nil, key: nil)
        cli.environment["STOREFRONT_BASE_URL"] = store.baseURL.absoluteString
        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        try #require(login.status == 0, "\(login.everything)")

        let logout = try await cli.run(["logout", "--json"])

        #expect(logout.status == 0, "\(logout.everything)")
        #expect(logout.standardOutput == #"{"signedOut":true,"store":"not-offered"}"# + "\n", "\(logout.everything)")
        #expect(try await cli.storedSession() == nil)
        #expect(store.requests.map(\.target) == ["/auth/login", "/auth/revoke"], "sent once")
    }
}
