@testable import Backend
import Foundation
import Infrastructure
import Testing

/// What the gateway asks of the store for each kind of sealed request: a signed-in
/// request that is served costs one call, its admission with its token read, which a
/// database answers in one round trip; everything else asks what it asked before.
@Suite("The store calls of each sealed request", .timeLimit(.minutes(1)))
struct GatewayStoreCallsTests {
    let gateway: GatewayTests

    init() throws {
        gateway = try GatewayTests()
    }

    /// The calls, in order, of `request` through a gateway on a fresh store with the
    /// demo user signed in (`token`), and the inner status it was answered with.
    func calls(
        _ method: String, _ path: String, json: String? = nil, bearer: Bearer, date: Int64? = nil, replayed: Bool = false
    ) async throws -> (calls: [StoreCall], status: Int) {
        let store = CallRecordingStore(FakeBackendStore())
        let handler = try gateway.handler(store: store)
        let (login, loginOpener) = try gateway.encapsulated("POST", "/auth/login", json: GatewayTests.login, to: gateway.current)
        let loggedIn = try gateway.open(await handler.handle(login, bodyTooLarge: false), with: loginOpener)
        let token = try #require(try JSONSerialization.jsonObject(with: Data(loggedIn.content)) as? [String: Any])["accessToken"] as? String
        let headers: [BinaryHTTPField] = switch bearer {
        case .none: []
        case .signedIn: [.init(name: "authorization", value: "Bearer \(try #require(token))")]
        case .unknown: [.init(name: "authorization", value: "Bearer not-a-token-we-gave")]
        }
        let (request, opener) = try gateway.encapsulated(method, path, json: json, to: gateway.current, date: date, headers: headers)
        if replayed { _ = await handler.handle(request, bodyTooLarge: false) }
        await store.forget()
        let answer = try gateway.open(await handler.handle(request, bodyTooLarge: false), with: opener)
        return (await store.calls, answer.status)
    }

    enum Bearer {
        case none, signedIn, unknown
    }

    @Test("a signed-in request that is served: its admission and its token in one call")
    func signedInIsOneCall() async throws {
        let search = try await calls("GET", "/auth/products/search?q=phone", bearer: .signedIn)
        #expect(search.status == 200)
        #expect(search.calls == [.admitReadingAccess])
        let me = try await calls("GET", "/auth/me", bearer: .signedIn)
        #expect(me.status == 200 && me.calls == [.admitReadingAccess])
    }

    @Test("the other requests: what each asked before, in the same order")
    func othersAsBefore() async throws {
        let cases: [(String, String, String?, Bearer, Int64?, Bool, [StoreCall], Int)] = [
            // A token no one was given: read with the admission, and found wanting.
            ("GET", "/auth/me", nil, .unknown, nil, false, [.admitReadingAccess], 401),
            ("GET", "/auth/me", nil, .none, nil, false, [.admit], 401),
            ("GET", "/products/search?q=phone", nil, .none, nil, false, [.admit], 200),
            ("POST", "/auth/login", GatewayTests.login, .none, nil, false, [.admit, .keep], 200),
            // Dated ahead: remembered, never served, so no token is read.
            ("GET", "/auth/me", nil, .signedIn, gateway.now + 3_600, false, [.admit], 400),
            // A replay: the admission says so, and nothing is served.
            ("GET", "/auth/me", nil, .signedIn, nil, true, [.admitReadingAccess], 425),
        ]
        for (method, path, json, bearer, date, replayed, expected, status) in cases {
            let seen = try await calls(method, path, json: json, bearer: bearer, date: date, replayed: replayed)
            #expect(seen.calls == expected, "\(method) \(path) \(bearer)")
            #expect(seen.status == status, "\(method) \(path) \(bearer)")
        }
    }
}

/// A store call, as `CallRecordingStore` names it.
enum StoreCall: Equatable, Sendable {
    case keep, access, rotate, revoke, admit, admitReadingAccess, cart, add, sweep
}

/// A store that does what `inner` does and records which call was made, in order.
actor CallRecordingStore: BackendStore {
    private let inner: any BackendStore
    private(set) var calls: [StoreCall] = []

    init(_ inner: any BackendStore) {
        self.inner = inner
    }

    /// Starts the record afresh.
    func forget() {
        calls = []
    }

    func keep(_ pair: TokenPairRecord, userID: Int, family: [UInt8]) async throws(BackendStoreFailure) {
        calls.append(.keep)
        try await inner.keep(pair, userID: userID, family: family)
    }

    func access(_ digest: [UInt8]) async throws(BackendStoreFailure) -> AccessTokenRecord? {
        calls.append(.access)
        return try await inner.access(digest)
    }

    func rotate(refresh digest: [UInt8], now: Int64, into pair: TokenPairRecord) async throws(BackendStoreFailure) -> Rotation {
        calls.append(.rotate)
        return try await inner.rotate(refresh: digest, now: now, into: pair)
    }

    func revoke(_ digest: [UInt8]) async throws(BackendStoreFailure) {
        calls.append(.revoke)
        try await inner.revoke(digest)
    }

    func admit(_ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare) async throws(BackendStoreFailure) -> Admission {
        calls.append(.admit)
        return try await inner.admit(enc, until: expiry, now: now, share: share)
    }

    func admit(
        _ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare, readingAccess digest: [UInt8]
    ) async throws(BackendStoreFailure) -> (Admission, AccessTokenRecord?) {
        calls.append(.admitReadingAccess)
        return try await inner.admit(enc, until: expiry, now: now, share: share, readingAccess: digest)
    }

    func cart(of userID: Int) async throws(BackendStoreFailure) -> [CartLineRecord] {
        calls.append(.cart)
        return try await inner.cart(of: userID)
    }

    func add(_ addition: CartAddition, now: Int64) async throws(BackendStoreFailure) -> CartWrite {
        calls.append(.add)
        return try await inner.add(addition, now: now)
    }

    func sweep(now: Int64) async throws(BackendStoreFailure) {
        calls.append(.sweep)
        try await inner.sweep(now: now)
    }

    func close() async {
        await inner.close()
    }
}
