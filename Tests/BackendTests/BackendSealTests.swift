@testable import Backend
import Foundation
import Infrastructure
import Logging
import TestSupport
import Testing

/// The backend's side of the sealed layer, version 2 (PROTOCOL.md section 2): which
/// key opens a request, what a request it cannot serve is answered, and replays.
@Suite("Sealed layer of the backend", .timeLimit(.minutes(2)))
struct BackendSealTests {
    let clock = FakeWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    let current: PayloadKey
    let previous: PayloadKey

    init() throws {
        current = try PayloadKey(id: "current", key: AES256Key.random())
        previous = try PayloadKey(id: "previous", key: AES256Key.random())
    }

    var now: Int64 { Int64(clock.now.timeIntervalSince1970) }

    /// A handler whose ring holds `current`, and `previous` until an hour from the start.
    func handler() throws -> StoreHTTPHandler {
        let ring = try PayloadKeyRing(current: current, previous: [.init(key: previous, notAfter: now + 3_600)])
        return StoreHTTPHandler(
            service: StoreService(
                users: try UserDirectory.demo(),
                tokens: TokenIssuer(clock: clock, maximumAccessLifetime: nil),
                catalogue: Catalogue(seed: 1, count: 10)
            ),
            seal: PayloadSeal(keys: PayloadKeys(ring), clock: clock),
            faults: FaultPlan(failures: 0), latency: .zero, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
    }

    /// A request sealed as a version-2 client seals it, and what its answer is bound to.
    func sealed(_ method: String, _ target: String, json: String?, key: PayloadKey, time: Int64? = nil, headers: [String: String] = [:]) throws
        -> (StoreRequest, SealedExchange.Request) {
        let (binding, body) = try SealedExchange.sealRequest(method: method, target: target, body: json.map { Array($0.utf8) }, key: key, time: time ?? now)
        var fields = headers
        fields[SealHeader.fieldName] = binding.header.fieldValue
        return (StoreRequest(method: method, target: target, headers: fields, body: body ?? []), binding)
    }

    /// The answer opened as the client opens it.
    func open(_ response: StoreResponse, for binding: SealedExchange.Request, key: PayloadKey) throws -> String {
        let header = try SealHeader(parsing: try #require(response.headers[SealHeader.fieldName]))
        let plaintext = try SealedExchange.openResponse(status: response.status, header: header, body: response.body, for: binding, key: key)
        return String(decoding: plaintext, as: UTF8.self)
    }

    static let login = #"{"username":"emilys","password":"emilyspass"}"#

    @Test("a request under the current key, or a previous one still accepted, is answered under that same key")
    func opensUnderEitherKey() async throws {
        let handler = try handler()
        for key in [current, previous] {
            let (request, binding) = try sealed("POST", "/auth/login", json: Self.login, key: key)
            let response = await handler.handle(request, bodyTooLarge: false)
            #expect(response.status == 200)
            #expect(try open(response, for: binding, key: key).contains("accessToken"))
        }
    }

    @Test("a previous key is refused once its time has run out, with the id it was asked for and no body")
    func retiredKey() async throws {
        let handler = try handler()
        clock.advance(by: 3_599)
        let (early, _) = try sealed("GET", "/auth/products/categories", json: nil, key: previous)
        #expect(await handler.handle(early, bodyTooLarge: false).status == 401) // accepted: now the token decides

        clock.advance(by: 1)
        let (late, _) = try sealed("GET", "/auth/products/categories", json: nil, key: previous)
        let refusal = await handler.handle(late, bodyTooLarge: false)
        #expect(refusal.status == 400 && refusal.body.isEmpty)
        let header = try SealHeader(parsing: try #require(refusal.headers[SealHeader.fieldName]))
        #expect(header.refusal == .unknownKey && header.keyID == "previous" && header.nonce == nil)
    }

    @Test("an unknown key id is refused the same way")
    func unknownKey() async throws {
        let stranger = try PayloadKey(id: "stranger", key: AES256Key.random())
        let (request, _) = try sealed("POST", "/auth/login", json: Self.login, key: stranger)
        let refusal = try await handler().handle(request, bodyTooLarge: false)
        #expect(refusal.status == 400 && refusal.body.isEmpty)
        #expect(refusal.headers[SealHeader.fieldName] == #"v=2, kid="stranger", error=unknown-key"#)
    }

    @Test("a body that does not open gets a sealed 400 bound to the request it answers")
    func unopenableBody() async throws {
        let (original, binding) = try sealed("POST", "/auth/login", json: Self.login, key: current)
        let request = StoreRequest(method: original.method, target: original.target, headers: original.headers, body: original.body.map { $0 ^ 1 })
        // The answer is bound to the body as it arrived, which the sender can digest too.
        let bound = SealedExchange.Request(header: binding.header, method: "POST", target: "/auth/login", bodyDigest: try SHA256.hash(request.body))
        let response = try await handler().handle(request, bodyTooLarge: false)
        #expect(response.status == 400)
        #expect(try open(response, for: bound, key: current) == #"{"message":"Payload decryption failed"}"#)
    }

    @Test("a request not sealed under version 2 gets a version-1 sealed 400 that names version 2", arguments: ["GET", "POST"])
    func versionOneRequest(method: String) async throws {
        let body = method == "POST" ? Array(Self.login.utf8) : []
        let request = StoreRequest(method: method, target: "/auth/login", headers: ["X-IV": "AAAAAAAAAAAAAAAA"], body: body)
        let response = try await handler().handle(request, bodyTooLarge: false)

        #expect(response.status == 400 && response.headers[SealHeader.fieldName] == nil)
        let nonceText = try #require(response.headers["X-IV"])
        let nonce = try GCMNonce(bytes: try #require(Data(base64Encoded: nonceText)))
        let opened = try AES256GCM.open(
            SealedMessage(nonce: nonce, ciphertextAndTag: response.body), associatedData: Array("\(method) /auth/login 400".utf8), using: current.key
        )
        #expect(String(decoding: opened, as: UTF8.self).contains("speaks version 2"))
    }

    @Test("a replayed refresh is refused with a sealed 425 and spends no refresh token")
    func replayedRefresh() async throws {
        let handler = try handler()
        let (login, loginBinding) = try sealed("POST", "/auth/login", json: Self.login, key: current)
        let session = try open(await handler.handle(login, bodyTooLarge: false), for: loginBinding, key: current)
        let refreshToken = try #require(try JSONSerialization.jsonObject(with: Data(session.utf8)) as? [String: Any])["refreshToken"] as? String
        let (refresh, binding) = try sealed("POST", "/auth/refresh", json: #"{"refreshToken":"\#(try #require(refreshToken))"}"#, key: current)

        let first = await handler.handle(refresh, bodyTooLarge: false)
        let replayed = await handler.handle(refresh, bodyTooLarge: false)

        #expect(first.status == 200)
        #expect(replayed.status == 425)
        #expect(try open(replayed, for: binding, key: current).contains("already received"))
        #expect(await handler.service.tokens.redeemedCount == 1)
    }

    @Test("a sealed body made further from the backend's clock than its window is refused", arguments: [-301, 301])
    func outsideWindow(skew: Int64) async throws {
        let (request, binding) = try sealed("POST", "/auth/login", json: Self.login, key: current, time: now + skew)
        let response = try await handler().handle(request, bodyTooLarge: false)
        #expect(response.status == 425)
        #expect(try open(response, for: binding, key: current).contains("301 s"))
    }

    @Test("the replay window forgets a nonce only once a replay of it would be outside the window anyway")
    func windowForgets() throws {
        let window = ReplayWindow(window: 300)
        let nonce = try GCMNonce(bytes: [UInt8](repeating: 3, count: 12))
        #expect(window.admit(keyID: "k", nonce: nonce, time: 1_000, now: 1_000) == .fresh)
        #expect(window.admit(keyID: "k", nonce: nonce, time: 1_000, now: 1_300) == .replayed)
        #expect(window.admit(keyID: "k", nonce: nonce, time: 1_000, now: 1_301) == .outsideWindow(skew: -301))
        #expect(window.admit(keyID: "other", nonce: nonce, time: 1_000, now: 1_000) == .fresh)
    }

    @Test("a full replay window refuses rather than forgets")
    func fullWindow() throws {
        let window = ReplayWindow(window: 300, capacity: 2)
        let nonces = try (1...3).map { try GCMNonce(bytes: [UInt8](repeating: UInt8($0), count: 12)) }
        #expect(nonces.map { window.admit(keyID: "k", nonce: $0, time: 1_000, now: 1_000) } == [.fresh, .fresh, .full])
    }

    @Test(
        "a window that was full sweeps what has expired before it refuses for room",
        arguments: [4_096, ReplayWindow.defaultCapacity]
    )
    func fullWindowRecovers(capacity: Int) throws {
        // Filled at one instant, so more than half the capacity is alive at every sweep:
        // the shape that once pushed the next sweep past the capacity for good.
        let window = ReplayWindow(window: 300, capacity: capacity)
        let start: Int64 = 1_000
        for index in 0..<capacity {
            #expect(window.admit(keyID: "k", nonce: try Self.nonce(index), time: start, now: start) == .fresh)
        }
        let extra = try Self.nonce(capacity)
        #expect(window.admit(keyID: "k", nonce: extra, time: start, now: start) == .full)
        // Every entry expires at start + 300; after that the window serves again, at once
        // and days later.
        for later in [start + 301, start + 3_600, start + 30 * 86_400] {
            #expect(window.admit(keyID: "k", nonce: try Self.nonce(capacity + Int(later)), time: later, now: later) == .fresh)
        }
    }

    /// A distinct 12-byte nonce for each index.
    private static func nonce(_ index: Int) throws -> GCMNonce {
        try GCMNonce(bytes: withUnsafeBytes(of: UInt64(index).littleEndian, Array.init) + [0, 0, 0, 0])
    }

    @Test("a ring read from a file is read again when the file is replaced, and a broken file keeps the last good ring")
    func reloadsRing() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("ring.jwks")
        try PayloadKeyFile.write(try PayloadKeyRing(current: previous), to: file)
        let keys = try PayloadKeys(file: file)
        var lines: [String] = []
        #expect(keys.ring { lines.append($0) }.current == previous)

        try PayloadKeyFile.write(try PayloadKeyRing(current: current, previous: [.init(key: previous, notAfter: now + 60)]), to: file)
        #expect(keys.ring { lines.append($0) }.current == current)

        try PrivateFiles.writeAtomically(Array("{not json".utf8), to: file)
        #expect(keys.ring { lines.append($0) }.current == current)
        #expect(lines.count == 2 && lines[1].contains("not reloaded"), "\(lines)")
    }
}
