@testable import Data
import Domain
import Foundation
import Infrastructure
import TestSupport
import Testing

@Suite("RemoteAuthRepository", .timeLimit(.minutes(2)))
struct RemoteAuthRepositoryTests {
    let credentials: Credentials

    init() throws {
        credentials = try Credentials(username: "emilys", password: "emilyspass")
    }

    @Test("logging in stores the session and caches the user")
    func logIn() async throws {
        let harness = try RepositoryHarness(session: nil)
        let user = try await harness.auth(SpyTransport(always: .json(200, Fixtures.login))).logIn(credentials)

        #expect(user.username == "emilys")
        let stored = await harness.sessions.session
        #expect(stored?.accessToken == "eyJhbGciOiJIUzI1NiJ9.access")
        #expect(stored?.userID == 1)
        // Offline right after: whoami is answered from the cache.
        let offline = try await harness.auth(SpyTransport(failing: .unreachable(reason: "refused"))).currentUser(policy: .standard)
        #expect(offline.value == user)
    }

    @Test("wrong credentials are reported and leave the earlier session as it was")
    func wrongPassword() async throws {
        let harness = try RepositoryHarness()
        let repository = harness.auth(SpyTransport(always: .json(400, #"{"message":"Invalid credentials"}"#)))

        await #expect(throws: StoreError.invalidCredentials) {
            _ = try await repository.logIn(credentials)
        }
        #expect(await harness.sessions.session == Session(accessToken: "a1", refreshToken: "r1", userID: 1))
    }

    /// Found by FuzzWireAnswers: swift-http-types turns a line break into a space, so
    /// such a token would have been kept and sent back as another one on every request.
    @Test("a login whose tokens cannot be sent back is unusable and keeps the earlier session", arguments: [
        #""eyJ.access\r\nX-Injected: 1""#, #""two words""#, #""""#, #""tab\tbed""#, #""é""#,
    ])
    func loginWithUnsendableToken(accessToken: String) async throws {
        let harness = try RepositoryHarness()
        let body = #"{"id":1,"username":"emilys","accessToken":"# + accessToken + #","refreshToken":"r2"}"#
        let repository = harness.auth(SpyTransport(always: .json(200, body)))

        do {
            _ = try await repository.logIn(credentials)
            Issue.record("a login with the access token \(accessToken) was accepted")
        } catch {
            guard case .unusableResponse = error else { Issue.record("expected unusableResponse, got \(error)"); return }
        }
        #expect(await harness.sessions.session == Session(accessToken: "a1", refreshToken: "r1", userID: 1))
    }

    @Test("a login is never repeated, even when the backend is unreachable")
    func loginNotRetried() async throws {
        let harness = try RepositoryHarness(session: nil)
        let transport = SpyTransport(failing: .unreachable(reason: "refused"))

        await #expect(throws: StoreError.offline) {
            _ = try await harness.auth(transport).logIn(credentials)
        }
        #expect(await transport.requests.count == 1)
    }

    @Test("the current user comes from the network, is written through, and is served with its age when offline")
    func currentUser() async throws {
        let harness = try RepositoryHarness()

        let fresh = try await harness.auth(SpyTransport(always: .json(200, Fixtures.me))).currentUser(policy: .standard)
        harness.clock.advance(by: 240)
        let cached = try await harness.auth(SpyTransport(failing: .unreachable(reason: "refused"))).currentUser(policy: .standard)

        #expect(fresh.origin == .network)
        #expect(cached.value == fresh.value)
        #expect(cached.origin == .cache(age: .seconds(240), reason: .backendUnreachable))
    }

    @Test("a user answer that breaks the domain's rules (an empty username) does not replace the cached user")
    func invalidUserNotCached() async throws {
        let harness = try RepositoryHarness()
        _ = try await harness.auth(SpyTransport(always: .json(200, Fixtures.me))).currentUser(policy: .standard)
        let nameless = Fixtures.me.replacingOccurrences(of: #""username":"emilys""#, with: #""username":"""#)

        await #expect(throws: StoreError.self) {
            _ = try await harness.auth(SpyTransport(always: .json(200, nameless))).currentUser(policy: .standard)
        }

        let cached = try await harness.auth(SpyTransport(failing: .unreachable(reason: "refused"))).currentUser(policy: .standard)
        #expect(cached.value.username == "emilys")
    }

    /// A 4xx is the backend refusing this request, not failing: no kept answer hides it.
    /// (A 5xx is the backend failing, and the kept answer stands in: StaleIfErrorTests.)
    @Test("a refusing answer is not covered up with the cache")
    func errorsAreNotCached() async throws {
        let harness = try RepositoryHarness()
        _ = try await harness.auth(SpyTransport(always: .json(200, Fixtures.me))).currentUser(policy: .standard)

        await #expect(throws: StoreError.unexpected(Diagnostic("HTTP 409", theirWords: "boom"))) {
            _ = try await harness.auth(SpyTransport(always: .json(409, #"{"message":"boom"}"#))).currentUser(policy: .standard)
        }
    }

    @Test("offline with nothing cached is 'offline'; without a session it is 'not signed in'")
    func offlineAndSignedOut() async throws {
        await #expect(throws: StoreError.offline) {
            _ = try await RepositoryHarness().auth(SpyTransport(failing: .unreachable(reason: "refused"))).currentUser(policy: .standard)
        }
        await #expect(throws: StoreError.notSignedIn) {
            _ = try await RepositoryHarness(session: nil).auth(SpyTransport(always: .json(200, Fixtures.me))).currentUser(policy: .standard)
        }
    }

    @Test("a refused refresh ends the session: 'session expired', and the session is gone")
    func sessionExpires() async throws {
        let harness = try RepositoryHarness()
        let transport = SpyTransport { request, _ in
            request.path == "/auth/refresh" ? .json(403, #"{"message":"Invalid refresh token"}"#) : .json(401, #"{"message":"Token Expired!"}"#)
        }

        await #expect(throws: StoreError.sessionExpired) {
            _ = try await harness.auth(transport).currentUser(policy: .standard)
        }
        #expect(await harness.sessions.session == nil)
    }

    /// RFC 7009: the refresh token, in a form, ends every token of the login; the token
    /// is the credential, so no bearer goes with it, and a 401 starts no refresh.
    @Test("logging out asks the store once to end the session, by its refresh token in a form; then forgets it whatever the answer", arguments: [
        (StubResponse.json(200, "{}"), SessionEnding.ended), (StubResponse(status: 200), .ended),
        (.json(404, #"{"message":"Route POST /auth/revoke not found"}"#), .notOffered),
        (.json(401, #"{"message":"Invalid/expired Token!"}"#), .unconfirmed(.sessionExpired)), (StubResponse(status: 503), .unconfirmed(.offline)),
    ] as [(StubResponse, SessionEnding)])
    func logOutEndsTheSession(answer: StubResponse, ending: SessionEnding) async throws {
        let harness = try RepositoryHarness()
        let transport = SpyTransport(always: answer)

        #expect(try await harness.auth(transport).logOut() == ending)

        let sent = await transport.requests
        #expect(sent.map(\.method) == [.post] && sent.map(\.target) == ["/auth/revoke"])
        #expect(sent.first.map { String(decoding: $0.body ?? [], as: UTF8.self) } == "token=r1&token_type_hint=refresh_token")
        #expect(sent.first?.head.headerFields[.contentType] == "application/x-www-form-urlencoded")
        #expect(sent.first?.head.headerFields[.authorization] == nil)
        #expect(await harness.sessions.session == nil)
    }

    /// The revocation went out and its answer was lost: the store may have ended the
    /// session or not, so it is not sent again, and the outcome is unconfirmed.
    @Test("a revocation whose connection is cut after it was sent goes once, and its outcome is unconfirmed")
    func logOutAnswerLost() async throws {
        let harness = try RepositoryHarness()
        let transport = SpyTransport(failing: .unreachable(reason: "connection reset by peer"))

        #expect(try await harness.auth(transport).logOut() == .unconfirmed(.offline))

        #expect(await transport.requests.map(\.target) == ["/auth/revoke"])
        #expect(await harness.sessions.session == nil)
    }

    @Test("logging out forgets the session and the cached user, offline too, and twice")
    func logOut() async throws {
        let harness = try RepositoryHarness()
        _ = try await harness.auth(SpyTransport(always: .json(200, Fixtures.me))).currentUser(policy: .standard)
        let offline = harness.auth(SpyTransport(failing: .unreachable(reason: "refused")))

        #expect(try await offline.logOut() == .unconfirmed(.offline))
        #expect(try await offline.logOut() == .noSession)

        #expect(await harness.sessions.session == nil)
        await #expect(throws: StoreError.notSignedIn) {
            _ = try await offline.currentUser(policy: .standard)
        }
    }
}

@Suite("RemoteProductRepository", .timeLimit(.minutes(2)))
struct RemoteProductRepositoryTests {
    @Test("a search comes from the network, then from the cache with its age when offline")
    func searchOfflineFirst() async throws {
        let harness = try RepositoryHarness()
        let query = try SearchQuery(text: "phone", page: 6, pageSize: 2)
        let online = SpyTransport(always: .json(200, Fixtures.searchPhone))

        let fresh = try await harness.products(online).search(query, policy: .standard)
        harness.clock.advance(by: 3_600 * 24 * 30)
        let cached = try await harness.products(SpyTransport(failing: .unreachable(reason: "refused"))).search(query, policy: .standard)

        #expect(fresh.origin == .network)
        #expect(await online.requests.first?.target == "/auth/products/search?q=phone&limit=2&skip=10")
        #expect(cached.value == fresh.value)
        #expect(cached.origin == .cache(age: .seconds(3_600 * 24 * 30), reason: .backendUnreachable))
    }

    /// The store client reads the session first, to know whose kept answers to use: a
    /// session file someone else damaged is said as that, before anything is sent, and
    /// the file is left as it was for the person to look at.
    @Test("a damaged session file fails a search before anything is sent, and stays as it was")
    func damagedSessionFile() async throws {
        let folder = try TemporaryDirectory()
        let damaged = Array("{\"accessToken\": 7}".utf8)
        try PrivateFiles.writeAtomically(damaged, to: folder.file("session.json"))
        let sessions = FileSessionStore(directory: folder.path)
        let transport = SpyTransport(always: .json(200, Fixtures.searchPhone))
        let clock = FakeWallClock()
        let client = StoreClient(
            chain: InterceptedTransport(interceptors: [AuthInterceptor(sessions: sessions, refresher: TokenRefresher(sessions: sessions))], transport: transport),
            cache: FileResponseCache(directory: folder.file("cache"), clock: clock), sessions: sessions, clock: clock, cacheNamespace: "http://test"
        )

        let query = try SearchQuery(text: "phone")
        do throws(StoreError) {
            _ = try await RemoteProductRepository(client: client).search(query, policy: .standard)
            Issue.record("a search read a damaged session")
        } catch {
            guard case .unexpected = error else { Issue.record("\(error)"); return }
        }

        #expect(await transport.requests.isEmpty)
        #expect(try PrivateFiles.read(at: folder.file("session.json")) == damaged)
    }

    @Test("a page cached impossibly long ago is served with a bounded age, not a crash")
    func ancientEntry() async throws {
        let harness = try RepositoryHarness()
        let query = try SearchQuery(text: "phone", page: 6, pageSize: 2)
        _ = try await harness.products(SpyTransport(always: .json(200, Fixtures.searchPhone))).search(query, policy: .standard)

        harness.clock.advance(by: 1e18) // a storedAt read from disk may be anything
        let cached = try await harness.products(SpyTransport(failing: .unreachable(reason: "refused"))).search(query, policy: .standard)

        guard case .cache(let age, _) = cached.origin else {
            Issue.record("expected a cached answer, got \(cached.origin)")
            return
        }
        #expect(age > .seconds(3_600 * 24 * 365 * 99))
    }

    @Test("a page that was never fetched is 'offline' when the backend cannot be reached")
    func uncachedPageOffline() async throws {
        let harness = try RepositoryHarness()
        _ = try await harness.products(SpyTransport(always: .json(200, Fixtures.searchPhone))).search(try SearchQuery(text: "phone", page: 6, pageSize: 2), policy: .standard)

        await #expect(throws: StoreError.offline) {
            _ = try await harness.products(SpyTransport(failing: .unreachable(reason: "refused"))).search(try SearchQuery(text: "phone", page: 7, pageSize: 2), policy: .standard)
        }
    }

    @Test("503s that the retry absorbs give a fresh answer; 503s that persist fall back to the cache")
    func gatewayErrors() async throws {
        let harness = try RepositoryHarness()
        let query = try SearchQuery(text: "phone", page: 6, pageSize: 2)
        let flaky = SpyTransport { _, index in index < 2 ? StubResponse(status: 503) : .json(200, Fixtures.searchPhone) }

        let absorbed = try await harness.products(flaky).search(query, policy: .standard)
        let fallback = try await harness.products(SpyTransport(always: StubResponse(status: 503))).search(query, policy: .standard)

        #expect(absorbed.origin == .network)
        #expect(await flaky.requests.count == 3)
        #expect(fallback.origin == .cache(age: .zero, reason: .backendUnreachable))
    }

    @Test("an answer that decodes but breaks the domain's rules (a negative price) is not cached")
    func invalidAnswerNotCached() async throws {
        let harness = try RepositoryHarness()
        let query = try SearchQuery(text: "phone", page: 6, pageSize: 2)
        _ = try await harness.products(SpyTransport(always: .json(200, Fixtures.searchPhone))).search(query, policy: .standard)
        let negativePrice = Fixtures.searchPhone.replacingOccurrences(of: #""price":549.99"#, with: #""price":-5"#)

        await #expect(throws: StoreError.self) {
            _ = try await harness.products(SpyTransport(always: .json(200, negativePrice))).search(query, policy: .standard)
        }

        let cached = try await harness.products(SpyTransport(failing: .unreachable(reason: "refused"))).search(query, policy: .standard)
        #expect(cached.value.products.first?.price.description == "$549.99")
    }

    @Test("an unusable answer is reported as such and does not replace the cached page")
    func unusableAnswer() async throws {
        let harness = try RepositoryHarness()
        let query = try SearchQuery(text: "phone", page: 6, pageSize: 2)
        _ = try await harness.products(SpyTransport(always: .json(200, Fixtures.searchPhone))).search(query, policy: .standard)

        let error = await #expect(throws: StoreError.self) {
            _ = try await harness.products(SpyTransport(always: .json(200, #"{"oops":true}"#))).search(query, policy: .standard)
        }
        guard case .unusableResponse = error else {
            Issue.record("expected unusableResponse, got \(String(describing: error))")
            return
        }
        let cached = try await harness.products(SpyTransport(failing: .unreachable(reason: "refused"))).search(query, policy: .standard)
        #expect(cached.value.products.count == 2)
    }

    @Test("a product by id, and a missing one")
    func productByID() async throws {
        let harness = try RepositoryHarness()
        let product = #"{"id":101,"title":"Apple AirPods Max Silver","price":549.99,"brand":"Apple"}"#

        let found = try await harness.products(SpyTransport(always: .json(200, product))).product(id: try ProductID(101), policy: .standard)
        #expect(found.value.price.minorUnits == 54999)
        await #expect(throws: StoreError.notFound) {
            _ = try await harness.products(SpyTransport(always: .json(404, #"{"message":"Product with id '999' not found"}"#)))
                .product(id: try ProductID(999), policy: .standard)
        }
    }
}
