@testable import Data
import Foundation
import HTTPTypes
@testable import Infrastructure
import TestSupport
import Testing

@Suite("PayloadSealingInterceptor", .timeLimit(.minutes(2)))
struct PayloadSealingInterceptorTests {
    /// PROTOCOL.md's test-vector key: bytes 0x00 to 0x1f.
    static let key: AES256Key = {
        guard let key = try? AES256Key(base64: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=") else {
            preconditionFailure("the PROTOCOL.md key is valid base64")
        }
        return key
    }()

    let login = HTTPRequest.origin(.post, "/auth/login", headers: [.contentType: "application/json"])
    let loginBody = Array(#"{"username":"emilys","password":"emilyspass"}"#.utf8)
    let search = HTTPRequest.origin(.get, "/auth/products/search?q=phone")

    /// What a server in sealed mode would answer: `json` sealed for `request` and `status`.
    static func sealedResponse(_ json: String, status: Int, for aad: String, nonce: GCMNonce? = nil) throws -> StubResponse {
        let data = Array(json.utf8)
        let sealed = try nonce.map { try AES256GCM.seal(data, associatedData: Array(aad.utf8), using: key, nonce: $0) }
            ?? AES256GCM.seal(data, associatedData: Array(aad.utf8), using: key)
        return StubResponse(
            status: status,
            headers: ["Content-Type": "application/octet-stream", "X-IV": Data(sealed.nonce.bytes).base64EncodedString()],
            body: sealed.ciphertextAndTag
        )
    }

    @Test("seals a request body so the server opens it with METHOD SP TARGET, as in PROTOCOL.md's vector")
    func sealsRequests() async throws {
        let transport = SpyTransport(always: try Self.sealedResponse("{}", status: 200, for: "POST /auth/login 200"))
        let chain = InterceptedTransport(interceptors: [PayloadSealingInterceptor(key: Self.key)], transport: transport)

        _ = try await chain.send(login, body: loginBody)

        let requests = await transport.requests
        let sent = try #require(requests.first)
        let header = try #require(sent.header("X-IV"))
        let nonce = try GCMNonce(bytes: try #require(Data(base64Encoded: header)))
        #expect(sent.header("X-IV")?.count == 16)
        #expect(sent.header("Content-Type") == "application/octet-stream")
        #expect(sent.body?.count == 45 + 16)
        let opened = try AES256GCM.open(
            SealedMessage(nonce: nonce, ciphertextAndTag: try #require(sent.body)),
            associatedData: Array("POST /auth/login".utf8), using: Self.key
        )
        #expect(opened == loginBody)
        // With the vector's all-zero nonce, the same plaintext and AAD give the vector's bytes.
        let vector = try AES256GCM.seal(opened, associatedData: Array("POST /auth/login".utf8), using: Self.key, nonce: GCMNonce(bytes: [UInt8](repeating: 0, count: 12)))
        #expect(vector.ciphertextAndTag.prefix(4) == [0x75, 0x9E, 0xC0, 0xAD])
    }

    @Test("sends a request without a body as it is")
    func leavesGetAlone() async throws {
        let transport = SpyTransport(always: StubResponse(status: 204))
        let chain = InterceptedTransport(interceptors: [PayloadSealingInterceptor(key: Self.key)], transport: transport)

        _ = try await chain.send(search)

        let requests = await transport.requests
        #expect(requests.map(\.head) == [search])
        #expect(requests.map(\.body) == [nil])
    }

    @Test("opens a sealed response, errors included, and hands on plain JSON")
    func opensResponses() async throws {
        for (status, json) in [(200, #"{"products":[]}"#), (400, #"{"message":"Invalid credentials"}"#)] {
            let aad = "GET /auth/products/search?q=phone \(status)"
            let transport = SpyTransport(always: try Self.sealedResponse(json, status: status, for: aad))
            let chain = InterceptedTransport(interceptors: [PayloadSealingInterceptor(key: Self.key)], transport: transport)

            let (response, body) = try await chain.send(search)

            #expect(String(decoding: body, as: UTF8.self) == json)
            #expect(response.status.code == status)
            #expect(response.header("X-IV") == nil)
        }
    }

    /// Each way of tampering with a sealed response, applied to a good one.
    enum Tamper: String, CaseIterable {
        case bodyByte, tagByte, nonce, path, status
    }

    @Test("a response with a tampered body, tag, X-IV, path or status does not open", arguments: Tamper.allCases)
    func refusesTampering(_ tamper: Tamper) async throws {
        let good = try Self.sealedResponse(#"{"total":23}"#, status: 200, for: "GET /auth/products/search?q=phone 200")
        var response = good
        var request = search
        switch tamper {
        case .bodyByte: response.body[0] ^= 0x01
        case .tagByte: response.body[response.body.count - 1] ^= 0x80
        case .nonce: response.headers["X-IV"] = Data([UInt8](repeating: 7, count: 12)).base64EncodedString()
        case .path: request.path = "/auth/products/search?q=laptop"
        case .status: response.status = 201
        }
        let tampered = response
        let chain = InterceptedTransport(
            interceptors: [PayloadSealingInterceptor(key: Self.key)],
            transport: SpyTransport(always: tampered)
        )

        let error = await #expect(throws: NetworkError.self) {
            _ = try await chain.send(request)
        }
        guard case .unopenableResponse = error else {
            Issue.record("expected unopenableResponse, got \(String(describing: error))")
            return
        }
    }

    @Test("an unsealed response body in sealed mode is a downgrade, never parsed")
    func refusesDowngrade() async throws {
        let chain = InterceptedTransport(
            interceptors: [PayloadSealingInterceptor(key: Self.key)],
            transport: SpyTransport(always: .json(200, #"{"products":[]}"#))
        )
        await #expect(throws: NetworkError.unsealedResponse) {
            _ = try await chain.send(search)
        }
    }

    @Test("a malformed X-IV or a body shorter than the tag does not open", arguments: [
        ("not base64!!!!!!", 32), ("AAAAAAAAAAAA", 32), ("AAAAAAAAAAAAAAAAAAAAAAAA", 32), ("AAAAAAAAAAAAAAAA", 15),
    ])
    func refusesMalformed(iv: String, bodyCount: Int) async throws {
        let response = StubResponse(status: 200, headers: ["X-IV": iv], body: [UInt8](repeating: 1, count: bodyCount))
        let chain = InterceptedTransport(interceptors: [PayloadSealingInterceptor(key: Self.key)], transport: SpyTransport(always: response))

        let error = await #expect(throws: NetworkError.self) {
            _ = try await chain.send(search)
        }
        guard case .unopenableResponse = error else {
            Issue.record("expected unopenableResponse, got \(String(describing: error))")
            return
        }
    }

    @Test("a response sealed under another key does not open")
    func refusesOtherKey() async throws {
        let other = try AES256Key.random()
        let sealed = try AES256GCM.seal(Array("{}".utf8), associatedData: Array("GET /auth/products/search?q=phone 200".utf8), using: other)
        let response = StubResponse(status: 200, headers: ["X-IV": Data(sealed.nonce.bytes).base64EncodedString()], body: sealed.ciphertextAndTag)
        let chain = InterceptedTransport(interceptors: [PayloadSealingInterceptor(key: Self.key)], transport: SpyTransport(always: response))

        await #expect(throws: NetworkError.self) {
            _ = try await chain.send(search)
        }
    }
}
