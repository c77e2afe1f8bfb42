@testable import Data
import Foundation
import HTTPTypes
@testable import Infrastructure
import TestSupport
import Testing

/// The client's side of the sealed layer, version 2 (PROTOCOL.md section 2), against a
/// fake transport that answers as a sealed server would, or as an attacker would.
@Suite("PayloadSealingInterceptor", .timeLimit(.minutes(2)))
struct PayloadSealingInterceptorTests {
    /// PROTOCOL.md's vector key: bytes 0x00 to 0x1f, under the id `2026-11-vector`.
    static let key: PayloadKey = {
        guard let bytes = try? AES256Key(bytes: (0..<32).map { UInt8($0) }),
              let key = try? PayloadKey(id: "2026-11-vector", key: bytes) else {
            preconditionFailure("the vector key is valid")
        }
        return key
    }()

    static let clock = FakeWallClock(Date(timeIntervalSince1970: 1_764_104_943))

    let login = HTTPRequest.origin(.post, "/auth/login", headers: [.contentType: "application/json"])
    let loginBody = Array(#"{"username":"emilys","password":"emilyspass"}"#.utf8)
    let search = HTTPRequest.origin(.get, "/auth/products/search?q=phone")

    static func chain(_ transport: SpyTransport, key: PayloadKey = key) -> InterceptedTransport {
        InterceptedTransport(interceptors: [PayloadSealingInterceptor(key: key, clock: clock)], transport: transport)
    }

    /// A transport that answers every request with `json`, sealed for it.
    static func sealedServer(status: Int = 200, json: String = "{}") -> SpyTransport {
        SpyTransport { request, _ in SealingStub.answer(request, status: status, json: json, key: key) }
    }

    @Test("seals a request body under its own associated data: version, key id, nonce, time and request line")
    func sealsRequests() async throws {
        let transport = Self.sealedServer()
        _ = try await Self.chain(transport).send(login, body: loginBody)

        let sent = try #require(await transport.requests.first)
        let header = try SealHeader(parsing: try #require(sent.header(SealHeader.fieldName)))
        #expect(header.version == 2 && header.keyID == Self.key.id && header.time == 1_764_104_943)
        #expect(sent.header("Content-Type") == "application/octet-stream")
        #expect(sent.body?.count == loginBody.count + 16)
        let nonce = try #require(header.nonce)
        let associatedData = "storefront-seal/2 request\n2026-11-vector\n\(Data(nonce.bytes).base64EncodedString())\n1764104943\nPOST /auth/login"
        let opened = try AES256GCM.open(
            SealedMessage(nonce: nonce, ciphertextAndTag: try #require(sent.body)), associatedData: Array(associatedData.utf8), using: Self.key.key
        )
        #expect(opened == loginBody)
    }

    @Test("every request carries a nonce of its own, GETs included, and a GET no body")
    func freshNonces() async throws {
        let transport = Self.sealedServer()
        for _ in 0..<3 { _ = try await Self.chain(transport).send(search) }

        let sent = await transport.requests
        let headers = try sent.map { try #require($0.header(SealHeader.fieldName)) }
        let nonces = try headers.map { try #require(try SealHeader(parsing: $0).nonce) }
        #expect(Set(nonces).count == 3)
        #expect(sent.allSatisfy { $0.body == nil && $0.header("Content-Type") == nil })
    }

    @Test("opens an answer sealed for its request, errors included, and hands on plain JSON")
    func opensResponses() async throws {
        for (status, json) in [(200, #"{"products":[]}"#), (400, #"{"message":"Invalid credentials"}"#)] {
            let (response, body) = try await Self.chain(Self.sealedServer(status: status, json: json)).send(search)
            #expect(String(decoding: body, as: UTF8.self) == json)
            #expect(response.status.code == status)
            #expect(response.header(SealHeader.fieldName) == nil)
        }
    }

    /// Each way of changing a good answer on its way back.
    enum Tamper: String, CaseIterable {
        case bodyByte, tagByte, nonce, keyID, version, status, otherRequestLine, otherBody, earlierNonce
    }

    @Test("an answer changed on the way, or sealed for another request, does not open", arguments: Tamper.allCases)
    func refusesTampering(_ tamper: Tamper) async throws {
        let transport = SpyTransport { request, _ in
            var answer = SealingStub.answer(request, status: 200, json: #"{"total":23}"#, key: Self.key)
            let header = answer.headers[SealHeader.fieldName] ?? ""
            switch tamper {
            case .bodyByte: answer.body[0] ^= 0x01
            case .tagByte: answer.body[answer.body.count - 1] ^= 0x80
            case .nonce: answer.headers[SealHeader.fieldName] = "v=2, kid=\"2026-11-vector\", nonce=:BwcHBwcHBwcHBwcH:"
            case .keyID:
                // Same key bytes under another id: only the id in the associated data differs.
                answer.headers[SealHeader.fieldName] = header.replacingOccurrences(of: "2026-11-vector", with: "other")
            case .version: answer.headers[SealHeader.fieldName] = header.replacingOccurrences(of: "v=2", with: "v=3")
            case .status: answer.status = 201
            case .otherRequestLine, .otherBody, .earlierNonce:
                // An answer the server really sealed, but for another request.
                var other = SealingStub.binding(of: request, key: Self.key)
                let nonce = try? GCMNonce(bytes: [UInt8](repeating: 9, count: 12))
                switch tamper {
                case .otherRequestLine: other = .init(header: other.header, method: "GET", target: "/auth/products/search?q=laptop", bodyDigest: other.bodyDigest)
                case .otherBody: other = .init(header: other.header, method: other.method, target: other.target, bodyDigest: [UInt8](repeating: 1, count: 32))
                default: other = .init(header: SealHeader(keyID: Self.key.id, nonce: nonce, time: other.header.time), method: other.method, target: other.target, bodyDigest: other.bodyDigest)
                }
                if let (sealedHeader, body) = try? SealedExchange.sealResponse(status: 200, body: Array(#"{"total":23}"#.utf8), for: other, key: Self.key) {
                    answer.headers[SealHeader.fieldName] = sealedHeader.fieldValue
                    answer.body = body
                }
            }
            return answer
        }

        let error = await #expect(throws: NetworkError.self) {
            _ = try await Self.chain(transport).send(search)
        }
        guard case .unopenableResponse = error else {
            Issue.record("expected unopenableResponse, got \(String(describing: error))")
            return
        }
    }

    @Test("an unsealed answer in sealed mode is a downgrade, never parsed")
    func refusesDowngrade() async throws {
        await #expect(throws: NetworkError.unsealedResponse) {
            _ = try await Self.chain(SpyTransport(always: .json(200, #"{"products":[]}"#))).send(search)
        }
    }

    @Test("a version-1 answer is refused, however well it opens under version 1")
    func refusesVersionOne() async throws {
        let transport = SpyTransport { request, _ in
            let sealed = try? AES256GCM.seal(Array("{}".utf8), associatedData: Array("\(request.method.rawValue) \(request.target) 200".utf8), using: Self.key.key)
            return StubResponse(status: 200, headers: ["X-IV": Data(sealed?.nonce.bytes ?? []).base64EncodedString()], body: sealed?.ciphertextAndTag ?? [])
        }
        let error = await #expect(throws: NetworkError.self) {
            _ = try await Self.chain(transport).send(search)
        }
        #expect(error == .unopenableResponse(reason: "it is a version-1 sealed answer, and this client speaks version 2 only"))
    }

    @Test("a malformed header or a body shorter than the tag does not open", arguments: [
        ("v=2, kid=\"2026-11-vector\", nonce=:AAAAAAAA:", 32), ("v=2, kid=\"2026-11-vector\"", 32), ("v=2, nonce=:AAAAAAAAAAAAAAAA:", 32),
        ("v=2, kid=\"2026-11-vector\", nonce=:AAAAAAAAAAAAAAAA:", 15), ("not a dictionary (", 32), ("v=\"2\", kid=\"x\"", 32),
    ])
    func refusesMalformed(header: String, bodyCount: Int) async throws {
        let response = StubResponse(status: 200, headers: [SealHeader.fieldName: header], body: [UInt8](repeating: 1, count: bodyCount))
        let error = await #expect(throws: NetworkError.self) {
            _ = try await Self.chain(SpyTransport(always: response)).send(search)
        }
        guard case .unopenableResponse = error else {
            Issue.record("expected unopenableResponse, got \(String(describing: error))")
            return
        }
    }

    @Test("an answer sealed under the same id but other key bytes does not open")
    func refusesOtherKeyBytes() async throws {
        let impostor = try PayloadKey(id: Self.key.id, key: AES256Key.random())
        let transport = SpyTransport { request, _ in SealingStub.answer(request, status: 200, json: "{}", key: impostor) }
        await #expect(throws: NetworkError.self) {
            _ = try await Self.chain(transport).send(search)
        }
    }

    @Test("the server's key refusal ends the exchange with the key named, and nothing else")
    func keyRefusal() async throws {
        let refusal = StubResponse(status: 400, headers: [SealHeader.fieldName: "v=2, kid=\"2026-11-vector\", error=unknown-key"])
        await #expect(throws: NetworkError.payloadKeyRefused(keyID: Self.key.id)) {
            _ = try await Self.chain(SpyTransport(always: refusal)).send(login, body: loginBody)
        }
    }

    @Test("a sealed 425 is the server refusing a replay, in its own words")
    func replayRefusal() async throws {
        let transport = Self.sealedServer(status: 425, json: #"{"message":"already received"}"#)
        await #expect(throws: NetworkError.sealedRequestRefused(message: "already received")) {
            _ = try await Self.chain(transport).send(login, body: loginBody)
        }
    }
}
