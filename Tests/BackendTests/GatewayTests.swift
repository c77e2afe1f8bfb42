@testable import Backend
import Foundation
import Infrastructure
import Logging
import TestSupport
import Testing

/// The backend's Oblivious HTTP gateway (RFC 9458, at RFC 9540's well-known resource):
/// what opens, what every refusal looks like from outside, and replays.
@Suite("The backend's Oblivious HTTP gateway", .timeLimit(.minutes(2)))
struct GatewayTests {
    let clock = FakeWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    let current: ObliviousGatewayKey
    let previous: ObliviousGatewayKey

    init() throws {
        previous = try GatewayKeyRing.freshKey(after: nil)
        current = try GatewayKeyRing.freshKey(after: GatewayKeyRing(current: previous))
    }

    var now: Int64 { Int64(clock.now.timeIntervalSince1970) }

    /// A handler whose ring holds `current`, and `previous` until an hour from the start.
    /// - Parameter gatewayClock: the gateway's own clock, when it is not the test's.
    func handler(store: any BackendStore = FakeBackendStore(), gatewayClock: FakeWallClock? = nil) throws -> StoreHTTPHandler {
        let ring = try GatewayKeyRing(current: current, previous: [.init(key: previous, notAfter: now + 3_600)])
        return StoreHTTPHandler(
            service: StoreService(
                users: try UserDirectory.demo(),
                tokens: TokenIssuer(records: store, clock: clock, maximumAccessLifetime: nil),
                catalogue: Catalogue(seed: 1, count: 10), carts: store, clock: clock
            ),
            gateway: ObliviousGateway(keys: GatewayKeys(ring), store: store, clock: gatewayClock ?? clock),
            faults: FaultPlan(failures: 0), latency: .zero, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
    }

    /// An encapsulated request as the client makes it, and what opens its answer.
    func encapsulated(
        _ method: String, _ path: String, json: String? = nil, to key: ObliviousGatewayKey, date: Int64? = nil, headers: [BinaryHTTPField] = [],
        scheme: String = "http", authority: String = "127.0.0.1"
    ) throws -> (StoreRequest, ObliviousResponseOpener) {
        var fields = headers
        fields.append(BinaryHTTPField(name: "date", value: HTTPDate.format(Date(timeIntervalSince1970: TimeInterval(date ?? now)))))
        if json != nil { fields.append(BinaryHTTPField(name: "content-type", value: "application/json")) }
        let message = BinaryHTTPRequest(method: method, scheme: scheme, authority: authority, path: path, headerFields: fields, content: Array((json ?? "").utf8))
        let (bytes, opener) = try ObliviousEncapsulation.sealRequest(message.encoded(paddedLength: 512), for: key.configuration)
        return (Self.outer(bytes), opener)
    }

    /// `body` posted to the gateway, reached as the authority the client's requests name.
    static func outer(_ body: [UInt8], headers: [String: String] = ["Content-Type": "message/ohttp-req"]) -> StoreRequest {
        StoreRequest(method: "POST", target: ObliviousGatewayPath.wellKnown, headers: headers, body: body, authority: "127.0.0.1")
    }

    /// The answer opened as the client opens it.
    func open(_ response: StoreResponse, with opener: ObliviousResponseOpener) throws -> BinaryHTTPResponse {
        #expect(response.status == 200 && response.headers["Content-Type"] == "message/ohttp-res")
        return try BinaryHTTPResponse(decoding: try opener.open(response.body))
    }

    static let login = #"{"username":"emilys","password":"emilyspass"}"#

    @Test("a request to the current key, or to a previous one still accepted, is served and answered encapsulated")
    func opensUnderEitherKey() async throws {
        let handler = try handler()
        for key in [current, previous] {
            let (request, opener) = try encapsulated("POST", "/auth/login", json: Self.login, to: key)
            let answer = try open(await handler.handle(request, bodyTooLarge: false), with: opener)
            #expect(answer.status == 200)
            #expect(String(decoding: answer.content, as: UTF8.self).contains("accessToken"))
            #expect(answer.field("date") == HTTPDate.format(clock.now))
        }
    }

    @Test("every status the store gives, a 404, a 401 or a 304, travels inside; outside it is always 200")
    func statusesInside() async throws {
        let handler = try handler()
        let (missing, missingOpener) = try encapsulated("GET", "/products/99999", to: current)
        let (unsigned, unsignedOpener) = try encapsulated("GET", "/auth/me", to: current)
        #expect(try open(await handler.handle(missing, bodyTooLarge: false), with: missingOpener).status == 404)
        #expect(try open(await handler.handle(unsigned, bodyTooLarge: false), with: unsignedOpener).status == 401)

        let (first, firstOpener) = try encapsulated("GET", "/products/search?q=phone", to: current)
        let tag = try #require(try open(await handler.handle(first, bodyTooLarge: false), with: firstOpener).field("etag"))
        let (again, againOpener) = try encapsulated("GET", "/products/search?q=phone", to: current, headers: [.init(name: "if-none-match", value: tag)])
        let renewed = try open(await handler.handle(again, bodyTooLarge: false), with: againOpener)
        #expect(renewed.status == 304 && renewed.field("etag") == tag)
    }

    @Test("an unknown key id, or a key whose time ran out, gets RFC 9458's ohttp-key problem, unsealed and empty of anything else")
    func unknownKey() async throws {
        let stranger = try GatewayKeyRing.freshKey(after: GatewayKeyRing(current: current, previous: [.init(key: previous, notAfter: 1)]))
        let (request, _) = try encapsulated("GET", "/auth/me", to: stranger)
        let response = try await handler().handle(request, bodyTooLarge: false)
        #expect(response.status == 400)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(String(decoding: response.body, as: UTF8.self).contains("http-problem-types#ohttp-key"))

        let (old, _) = try encapsulated("GET", "/auth/me", to: previous)
        let later = try handler()
        clock.advance(by: 3_601)
        #expect(String(decoding: await later.handle(old, bodyTooLarge: false).body, as: UTF8.self).contains("#ohttp-key"))
    }

    @Test("a request dated outside the window gets the date problem, sealed, with the gateway's Date", arguments: [-301, 301])
    func outsideWindow(skew: Int64) async throws {
        let (request, opener) = try encapsulated("POST", "/auth/login", json: Self.login, to: current, date: now + skew)
        let answer = try open(await handler().handle(request, bodyTooLarge: false), with: opener)
        #expect(answer.status == 400)
        #expect(String(decoding: answer.content, as: UTF8.self).contains("http-problem-types#date"))
        #expect(answer.field("date") == HTTPDate.format(clock.now))
    }

    @Test("a replayed request is refused, sealed, and spends nothing; after a restart too")
    func replays() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("backend.sqlite")
        let store = try await SQLiteBackendStore.open(file: file)
        let handler = try handler(store: store)
        let (login, opener) = try encapsulated("POST", "/auth/login", json: Self.login, to: current)
        let first = try open(await handler.handle(login, bodyTooLarge: false), with: opener).status
        let again = try open(await handler.handle(login, bodyTooLarge: false), with: opener).status
        await store.close()

        // A new gateway over the same database: the restart.
        let reopened = try await SQLiteBackendStore.open(file: file)
        let restarted = try self.handler(store: reopened)
        let afterRestart = try open(await restarted.handle(login, bodyTooLarge: false), with: opener).status
        // Past the window the request's own date refuses it; its record may go.
        clock.advance(by: 301)
        let pastTheWindow = try open(await restarted.handle(login, bodyTooLarge: false), with: opener).status
        await reopened.close()
        let statuses: [Int] = [first, again, afterRestart, pastTheWindow]
        #expect(statuses == [200, 425, 425, 400])
    }

    @Test("a request refused for a date ahead of the clock is remembered: sent again once the clock has caught up, it is not served")
    func refusedForItsDateStaysRefused() async throws {
        let handler = try handler()
        let (login, opener) = try encapsulated("POST", "/auth/login", json: Self.login, to: current, date: now + 400)
        #expect(try open(await handler.handle(login, bodyTooLarge: false), with: opener).status == 400)
        // A relay kept it; the client meanwhile retried on the gateway's clock and was served.
        clock.advance(by: 400)
        #expect(try open(await handler.handle(login, bodyTooLarge: false), with: opener).status == 425)
    }

    @Test("a request the store cannot record is refused (a sealed 503) and not served: no token pair")
    func unrecordedIsRefused() async throws {
        let handler = try handler(store: FakeBackendStore(failing: true))
        let (login, opener) = try encapsulated("POST", "/auth/login", json: Self.login, to: current)
        let answer = try open(await handler.handle(login, bodyTooLarge: false), with: opener)
        #expect(answer.status == 503)
        #expect(await handler.service.tokens.grantedCount == 0)
    }

    @Test("a body that does not open, or is no Binary HTTP, is refused without being served")
    func unopenable() async throws {
        var (request, _) = try encapsulated("POST", "/auth/login", json: Self.login, to: current)
        var changed = request.body
        changed[changed.count - 1] ^= 1
        request = StoreRequest(method: "POST", target: request.target, headers: request.headers, body: changed)
        let response = try await handler().handle(request, bodyTooLarge: false)
        #expect(response.status == 400 && response.headers["Content-Type"] == "application/problem+json")
        #expect(!String(decoding: response.body, as: UTF8.self).contains("ohttp-key"))

        let (garbage, opener) = try ObliviousEncapsulation.sealRequest([9, 9, 9], for: current.configuration)
        let refused = try await handler().handle(
            StoreRequest(method: "POST", target: ObliviousGatewayPath.wellKnown, headers: ["Content-Type": "message/ohttp-req"], body: garbage),
            bodyTooLarge: false
        )
        #expect(try open(refused, with: opener).status == 400)
    }

    @Test("a request over the size cap gets an unsealed 413: refused before it was opened (RFC 9458 section 5.2), so a relay's padding proves nothing")
    func tooLarge() async throws {
        let (request, _) = try encapsulated("POST", "/auth/login", json: Self.login, to: current)
        let cut = StoreRequest(method: "POST", target: request.target, headers: request.headers, body: Array(request.body.prefix(100)))
        let response = try await handler().handle(cut, bodyTooLarge: true)
        #expect(response.status == 413)
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }

    @Test("the well-known resource gives the accepted configurations, current first; the store is not served outside it")
    func wellKnown() async throws {
        let handler = try handler()
        let keys = await handler.handle(StoreRequest(method: "GET", target: ObliviousGatewayPath.wellKnown, headers: [:], body: []), bodyTooLarge: false)
        #expect(keys.headers["Content-Type"] == "application/ohttp-keys")
        #expect(try ObliviousKeyConfiguration.decodeList(keys.body) == [current.configuration, previous.configuration])
        let plain = await handler.handle(StoreRequest(method: "GET", target: "/products/search?q=phone", headers: [:], body: []), bodyTooLarge: false)
        #expect(plain.status == 400 && !String(decoding: plain.body, as: UTF8.self).contains("products"))
    }

    @Test("a ring read from a file is read again when the file is replaced, and a broken file keeps the last good ring")
    func reloadsRing() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("ring.jwks")
        try GatewayKeyFile.write(try GatewayKeyRing(current: previous), to: file)
        let keys = try GatewayKeys(file: file)
        var lines: [String] = []
        #expect(keys.ring { lines.append($0) }.current.configuration == previous.configuration)

        try GatewayKeyFile.write(try GatewayKeyRing(current: current, previous: [.init(key: previous, notAfter: now + 60)]), to: file)
        #expect(keys.ring { lines.append($0) }.current.configuration == current.configuration)

        try PrivateFiles.writeAtomically(Array("{not json".utf8), to: file)
        #expect(keys.ring { lines.append($0) }.current.configuration == current.configuration)
        #expect(lines.count == 2 && lines[1].contains("not reloaded"), "\(lines)")
    }
}
