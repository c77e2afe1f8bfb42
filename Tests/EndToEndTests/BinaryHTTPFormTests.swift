import Foundation
@testable import FuzzBinaryHTTP
import Infrastructure
import Testing
import TestSupport

/// Peers that write Binary HTTP's indeterminate-length form (RFC 9292 section 3.2), as
/// Apple's swift-nio-oblivious-http does, against the real programs: a client of that
/// kind against `storefront serve`, and `storefront` against a gateway of that kind.
@Suite("Binary HTTP in the form other peers write", .timeLimit(.minutes(2)))
struct BinaryHTTPFormTests {
    @Test("a sealed login, /auth/me and a search, each indeterminate-length, chunked and padded, are served by storefront serve")
    func servedByServe() async throws {
        let folder = try TemporaryDirectory()
        let serve = try await ServeProcess(["--json", "--port", "0", "--data-dir", folder.path])
        defer { withExtendedLifetime(serve) {} }
        let started = try #require(try JSONSerialization.jsonObject(with: Data(serve.firstLine.utf8)) as? [String: Any])
        let url = try #require(started["url"] as? String)
        let keyFile = try #require(started["keyFile"] as? String)
        let configuration = try #require(try GatewayKeyFile.readConfigurations(at: keyFile).first)
        func send(_ request: BinaryHTTPRequest) async throws -> BinaryHTTPResponse {
            let bytes = IndeterminateLengthWriter.request(request, chunkSize: 5, padding: 64)
            return try await GatewayKey.exchange(bytes, with: configuration, at: url)
        }

        let login = try await send(GatewayKey.request("POST", "/auth/login", json: #"{"username":"emilys","password":"emilyspass"}"#, to: url))
        let session = try #require(try JSONSerialization.jsonObject(with: Data(login.content)) as? [String: Any])
        let token = try #require(session["accessToken"] as? String)
        let me = try await send(GatewayKey.request("GET", "/auth/me", json: nil, bearer: token, to: url))
        let search = try await send(GatewayKey.request("GET", "/auth/products/search?q=phone&limit=3", json: nil, bearer: token, to: url))

        #expect(login.status == 200)
        #expect(me.status == 200 && String(decoding: me.content, as: UTF8.self).contains(#""username":"emilys""#))
        let page = try #require(try JSONSerialization.jsonObject(with: Data(search.content)) as? [String: Any])
        #expect(search.status == 200 && (page["products"] as? [Any])?.count == 3, "\(page)")
    }

    @Test("an indeterminate-length answer, after a 102, in chunks, with a trailer and padding, is shown by storefront search (exit 0)")
    func readByStorefront() async throws {
        let key = try GatewayKey.fresh()
        let gateway = try LoopbackHTTPServer { received in Self.answer(received, with: key) }
        defer { gateway.stop() }
        var cli = try CLI(backend: nil, key: key)
        cli.environment["STOREFRONT_BASE_URL"] = "http://\(gateway.address):\(gateway.port)"

        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        // The recording is DummyJSON's second page of ten.
        let search = try await cli.run(["search", "phone", "--page", "2"])

        #expect(login.status == 0, "\(login.everything)")
        #expect(search.status == 0 && search.standardOutput.contains("Apple AirPods Max Silver"), "\(search.everything)")
    }

    /// A gateway that opens each request with `key` and answers it from DummyJSON's
    /// recordings, indeterminate-length, sealed for that request.
    static func answer(_ received: LoopbackHTTPServer.Request, with key: GatewayKey) -> LoopbackHTTPServer.Reply {
        let current = key.ring.current
        guard let opened = try? ObliviousEncapsulation.openRequest(received.body, key: { $0 == current.configuration.keyID ? current : nil }),
              let request = try? BinaryHTTPRequest(decoding: opened.request) else {
            return .respond(status: 400, headers: [:], body: [])
        }
        let recording = request.path.hasPrefix("/auth/login") ? "logIn.json" : "searchProducts.phone.json"
        let body = (try? Data(contentsOf: RepositoryFolder.root.appendingPathComponent("Tests/Recorded/dummyjson/\(recording)"))) ?? Data()
        let response = BinaryHTTPResponse(status: 200, headerFields: [.init(name: "content-type", value: "application/json")], content: Array(body))
        let message = IndeterminateLengthWriter.response(
            response, chunkSize: 100, trailers: [.init(name: "x-trailer", value: "ignored")], padding: 300, interim: true
        )
        guard let sealed = try? opened.response.seal(message) else { return .respond(status: 500, headers: [:], body: []) }
        return .respond(status: 200, headers: ["content-type": "message/ohttp-res"], body: sealed)
    }
}
