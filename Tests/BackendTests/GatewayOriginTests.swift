@testable import Backend
import Foundation
import Infrastructure
import TestSupport
import Testing

/// What the gateway serves once a request opens: the Binary HTTP inside in either form
/// (RFC 9292 section 3), and only when it is for the origin the gateway was reached at
/// (PROTOCOL.md, "Whom the store answers for"). The outer requests here reach it as
/// `127.0.0.1`, through the gateway `GatewayTests` sets up.
@Suite("The backend's gateway: whom an opened request is for, in either Binary HTTP form", .timeLimit(.minutes(1)))
struct GatewayOriginTests {
    let gateway: GatewayTests

    init() throws {
        gateway = try GatewayTests()
    }

    @Test("an opened request for another origin gets a sealed 421 and is not served; the gateway's own, however written, is served", arguments: [
        ("http", "127.0.0.1", nil, 200), ("https", "127.0.0.1", nil, 200), ("HTTP", "127.0.0.1:80", nil, 200),
        ("https", "127.0.0.1:443", nil, 200), ("http", "", nil, 200), ("http", "", "127.0.0.1", 200),
        ("http", "elsewhere.example", nil, 421), ("ftp", "127.0.0.1", nil, 421), ("http", "127.0.0.1:8080", nil, 421),
        ("https", "127.0.0.1:80", nil, 421), ("http", "", "elsewhere.example", 421), ("http", "127.0.0.1", "elsewhere.example", 421),
    ] as [(String, String, String?, Int)])
    func origins(scheme: String, authority: String, host: String?, status: Int) async throws {
        let handler = try gateway.handler()
        let (login, opener) = try gateway.encapsulated(
            "POST", "/auth/login", json: GatewayTests.login, to: gateway.current, headers: host.map { [.init(name: "host", value: $0)] } ?? [],
            scheme: scheme, authority: authority
        )
        let answer = try gateway.open(await handler.handle(login, bodyTooLarge: false), with: opener)
        #expect(answer.status == status)
        #expect(await handler.service.tokens.grantedCount == (status == 200 ? 1 : 0))
        if status == 421 {
            #expect(String(decoding: answer.content, as: UTF8.self) == #"{"message":"This server does not answer for the authority the request names"}"#)
        }
    }

    /// Figure 7's request names `www.example.com` in a `host` field: reached by that name
    /// it is the gateway's own, and, carrying no `date`, gets the `date` problem; reached
    /// as `127.0.0.1` it is for another origin. Either answer is sealed: the gateway read it.
    @Test("RFC 9292's request, in either form, is read alike: the date problem for its own origin, 421 for another", arguments: [8, 9])
    func rfc9292Requests(figure: Int) async throws {
        let bytes = try #require(try BinaryHTTPVectors.message(figure: figure))
        let handler = try gateway.handler()
        for (reachedAs, status) in [("www.example.com", 400), ("127.0.0.1", 421)] {
            let (body, opener) = try ObliviousEncapsulation.sealRequest(bytes, for: gateway.current.configuration)
            let outer = StoreRequest(
                method: "POST", target: ObliviousGatewayPath.wellKnown, headers: ["Content-Type": "message/ohttp-req"], body: body, authority: reachedAs
            )
            let answer = try gateway.open(await handler.handle(outer, bodyTooLarge: false), with: opener)
            #expect(answer.status == status, "reached as \(reachedAs)")
            if status == 400 { #expect(String(decoding: answer.content, as: UTF8.self).contains("http-problem-types#date")) }
        }
    }
}
