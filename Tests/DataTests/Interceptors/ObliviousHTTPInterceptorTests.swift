@testable import Data
import Foundation
import HTTPTypes
import Infrastructure
import TestSupport
import Testing

/// The Oblivious HTTP client (RFC 9458) against a gateway stub holding the key: what it
/// puts inside and outside, what it acts on, and its two retries (a rotated key, the
/// gateway's date), each allowed once.
@Suite("The Oblivious HTTP interceptor", .timeLimit(.minutes(1)))
struct ObliviousHTTPInterceptorTests {
    let me = HTTPRequest.origin(.get, "/auth/me")
    var context: ExchangeContext { ExchangeContext() }

    func chain(_ interceptor: ObliviousHTTPInterceptor, _ transport: SpyTransport) -> InterceptedTransport {
        InterceptedTransport(interceptors: [interceptor], transport: transport)
    }

    @Test("the whole request goes inside, dated; outside there is one POST of opaque bytes to the gateway")
    func whatGoesWhere() async throws {
        let gateway = try GatewayStub()
        let clock = FakeWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let transport = gateway.transport { _, _ in .json(200, #"{"id":1}"#) }
        var request = me
        request.headerFields[.authorization] = "Bearer secret-token"
        let answer = try await chain(gateway.interceptor(authority: "127.0.0.1:8080", clock: clock), transport).send(request, context: context)
        let (response, body) = (answer.response, answer.body)

        #expect(response.status == .ok && String(decoding: body, as: UTF8.self) == #"{"id":1}"#)
        let sent = try #require(await transport.requests.first)
        #expect(sent.method == .post && sent.target == ObliviousGatewayPath.wellKnown)
        #expect(sent.head.headerFields.map(\.name.canonicalName).sorted() == ["accept", "content-type"])
        #expect(!Data(sent.body ?? []).contains(Data("secret-token".utf8)))
        let inner = gateway.open(sent).request
        #expect(inner.method == "GET" && inner.path == "/auth/me" && inner.authority == "127.0.0.1:8080")
        #expect(inner.field("authorization") == "Bearer secret-token")
        #expect(inner.field("date") == "Fri, 15 Jan 2027 08:00:00 GMT")
    }

    @Test("anything but an encapsulated answer is refused unread: an unsealed 401, 404, 304, an empty 400, a 200 of JSON", arguments: [
        StubResponse(status: 401), StubResponse(status: 404), StubResponse(status: 304, headers: ["ETag": #""x""#]),
        StubResponse(status: 400), .json(200, #"{"id":1}"#), StubResponse(status: 200, headers: ["Content-Type": "message/ohttp-res"]),
    ])
    func unsealed(answer: StubResponse) async throws {
        let gateway = try GatewayStub()
        let error = await #expect(throws: NetworkError.self) {
            _ = try await chain(gateway.interceptor(), SpyTransport(always: answer)).send(me, context: context)
        }
        // An encapsulated 200 too short to open did not open: refused as well.
        #expect(error == .unsealedResponse || error == .unopenableResponse(reason: "the message ends inside its encapsulated response"), "\(String(describing: error))")
    }

    @Test("an unsealed 502, 503 or 504 is a relay or balancer saying the gateway cannot be reached, with or without Retry-After", arguments: [
        StubResponse(status: 502), StubResponse(status: 503, headers: ["Retry-After": "1"]), .json(504, #"{"message":"gateway timeout"}"#),
    ])
    func gatewayAway(answer: StubResponse) async throws {
        let gateway = try GatewayStub()
        let error = await #expect(throws: NetworkError.self) {
            _ = try await chain(gateway.interceptor(), SpyTransport(always: answer)).send(me, context: context)
        }
        #expect(error == .gatewayUnreachable(status: answer.status))
    }

    @Test("an answer sealed for another request does not open")
    func anotherRequestsAnswer() async throws {
        let gateway = try GatewayStub()
        let first = gateway.transport { _, _ in .json(200, "{}") }
        _ = try await chain(gateway.interceptor(), first).send(me, context: context)
        let recorded = try #require(await first.requests.first)
        let theirs = gateway.answer(recorded, .json(200, #"{"id":2}"#))

        await #expect(throws: NetworkError.self) {
            _ = try await chain(gateway.interceptor(), SpyTransport(always: theirs)).send(me, context: context)
        }
    }

    static let keyProblem = StubResponse(
        status: 400, headers: ["Content-Type": "application/problem+json"],
        body: Array(#"{"type":"https://iana.org/assignments/http-problem-types#ohttp-key","title":"key identifier unknown"}"#.utf8)
    )

    @Test("the ohttp-key problem on a GET: the configuration is read again, and the request tried once more only when it changed")
    func keyProblem() async throws {
        let rotated = try GatewayStub(keyID: 2)
        let stale = try GatewayStub(keyID: 1)
        let keyProblem = Self.keyProblem
        let transport = SpyTransport { request, _ in
            guard request.body?.first == 2 else { return keyProblem }
            return rotated.answer(request, .json(200, #"{"id":1}"#))
        }
        let changing = SwitchingKeys(first: stale.key.configuration, then: rotated.key.configuration)
        let interceptor = ObliviousHTTPInterceptor(
            keys: changing, target: .init(scheme: "https", authority: "s", path: ObliviousGatewayPath.wellKnown), origin: ("https", "s")
        )
        let answer = try await chain(interceptor, transport).send(me, context: context)
        let response = answer.response
        #expect(response.status == .ok)
        #expect(await transport.requests.map { $0.body?.first } == [1, 2])

        // Read again and found the same: the sentence, after one request.
        let unchanged = SpyTransport(always: keyProblem)
        await #expect(throws: NetworkError.gatewayKeyRefused(keyID: "1", readAgain: true)) {
            _ = try await chain(stale.interceptor(), unchanged).send(me, context: context)
        }
        #expect(await unchanged.requests.count == 1)
    }

    @Test("a login met with the ohttp-key problem is not sent again: the problem is unsealed, and the first may have been served")
    func keyProblemOnALogin() async throws {
        let rotated = try GatewayStub(keyID: 2)
        let stale = try GatewayStub(keyID: 1)
        let transport = SpyTransport(always: Self.keyProblem)
        let interceptor = ObliviousHTTPInterceptor(
            keys: SwitchingKeys(first: stale.key.configuration, then: rotated.key.configuration),
            target: .init(scheme: "https", authority: "s", path: ObliviousGatewayPath.wellKnown), origin: ("https", "s")
        )
        let login = HTTPRequest.origin(.post, "/auth/login", headers: [.contentType: "application/json"])

        await #expect(throws: NetworkError.gatewayKeyRefused(keyID: "1", readAgain: false)) {
            _ = try await chain(interceptor, transport).send(login, body: Array(#"{"username":"u","password":"p"}"#.utf8), context: context)
        }
        #expect(await transport.requests.count == 1)
    }

    @Test("a request larger, sealed, than the gateway reads is not sent: the gateway's refusal could not be sealed")
    func tooLargeToSend() async throws {
        let gateway = try GatewayStub()
        let transport = gateway.transport { _, _ in .json(200, "{}") }
        let search = HTTPRequest.origin(.post, "/auth/login", headers: [.contentType: "application/json"])
        let body = Array(#"{"username":"u","password":""#.utf8) + [UInt8](repeating: 97, count: 70_000) + Array(#""}"#.utf8)

        await #expect(throws: NetworkError.requestTooLarge(limit: 65_536)) {
            _ = try await chain(gateway.interceptor(), transport).send(search, body: body, context: context)
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test(
        "the inner Date is to the nearest minute, so a clock's steady offset does not link a client's requests",
        arguments: [
            (1_800_000_000.0, "Fri, 15 Jan 2027 08:00:00 GMT"),
            (1_800_000_029.9, "Fri, 15 Jan 2027 08:00:00 GMT"),
            (1_800_000_030.0, "Fri, 15 Jan 2027 08:01:00 GMT"),
            (1_799_999_970.0, "Fri, 15 Jan 2027 08:00:00 GMT"),
            (1_799_999_969.0, "Fri, 15 Jan 2027 07:59:00 GMT"),
        ]
    )
    func dateToTheMinute(now: TimeInterval, date: String) async throws {
        let gateway = try GatewayStub()
        let transport = gateway.transport { _, _ in .json(200, "{}") }
        let clock = FakeWallClock(Date(timeIntervalSince1970: now))
        _ = try await chain(gateway.interceptor(clock: clock), transport).send(me, context: context)
        let sent = try #require(await transport.requests.first)
        #expect(gateway.open(sent).request.field("date") == date)
    }

    @Test("the date problem, sealed: one retry, freshly encapsulated, dated by the gateway's clock; a second refusal ends it")
    func dateProblem() async throws {
        let gateway = try GatewayStub()
        let clock = FakeWallClock(Date(timeIntervalSince1970: 1_800_000_000))
        let gatewayDate = "Fri, 15 Jan 2027 09:00:00 GMT"
        let refusal = StubResponse(
            status: 400, headers: ["Content-Type": "application/problem+json", "Date": gatewayDate],
            body: Array(#"{"type":"https://iana.org/assignments/http-problem-types#date"}"#.utf8)
        )
        let transport = gateway.transport { _, index in index == 0 ? refusal : .json(200, "{}") }
        let answer = try await chain(gateway.interceptor(clock: clock), transport).send(me, context: context)
        let response = answer.response
        let sent = await transport.requests
        #expect(response.status == .ok && sent.count == 2)
        #expect(gateway.open(sent[1]).request.field("date") == gatewayDate)
        #expect(sent[0].body?.dropFirst(7).prefix(32) != sent[1].body?.dropFirst(7).prefix(32), "the retry reused its enc")

        let always = gateway.transport { _, _ in refusal }
        await #expect(throws: NetworkError.self) { _ = try await chain(gateway.interceptor(clock: clock), always).send(me, context: context) }
        #expect(await always.requests.count == 2)
    }

    @Test("every request is padded to its bucket: two users' /auth/me are the same size on the wire")
    func padding() async throws {
        let gateway = try GatewayStub()
        let transport = gateway.transport { _, _ in .json(200, "{}") }
        for token in ["Bearer a", "Bearer " + String(repeating: "b", count: 120)] {
            var request = me
            request.headerFields[.authorization] = token
            _ = try await chain(gateway.interceptor(), transport).send(request, context: context)
        }
        let sizes = await transport.requests.map { $0.body?.count ?? 0 }
        #expect(sizes.count == 2 && sizes[0] == sizes[1], "\(sizes)")
    }
}

/// A key source that gives one configuration until it is read again, then another.
private actor SwitchingKeys: GatewayKeySource {
    private var current: ObliviousKeyConfiguration
    private let next: ObliviousKeyConfiguration
    nonisolated let origin = "a test's switching configuration"

    init(first: ObliviousKeyConfiguration, then next: ObliviousKeyConfiguration) {
        current = first
        self.next = next
    }

    func configuration() -> ObliviousKeyConfiguration { current }

    func reload() -> Bool {
        defer { current = next }
        return current != next
    }
}
