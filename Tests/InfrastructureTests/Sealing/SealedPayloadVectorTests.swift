import Foundation
@testable import Infrastructure
import TestSupport
import Testing

/// docs/vectors/sealed-payload-v2.json, computed from PROTOCOL.md by a second
/// implementation (scripts/sealed-payload-vectors, Python's `cryptography`): the Swift
/// side seals every header and byte the same, and opens what the other one sealed.
@Suite("Sealed payload version 2: known answers", .timeLimit(.minutes(1)))
struct SealedPayloadVectorTests {
    struct Vectors: Decodable {
        struct Message: Decodable {
            let method: String?
            let target: String?
            let status: Int?
            let body: String?
            let nonce: String
            let t: Int64?
            let header: String
            let associatedData: String
            let sealedBody: String
        }

        struct Exchange: Decodable {
            let name: String
            let request: Message
            let response: Message
        }

        let exchanges: [Exchange]
    }

    static let file = RepositoryFolder.root.appendingPathComponent("docs/vectors/sealed-payload-v2.json")

    static func load() throws -> (PayloadKey, [Vectors.Exchange]) {
        let data = try Data(contentsOf: file)
        // The key as the JWK it is, read as a key file is read.
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let jwk = try JSONSerialization.data(withJSONObject: try #require(document["key"]))
        let key = try JSONWebKey.key(from: String(decoding: jwk, as: UTF8.self))
        return (key, try JSONDecoder().decode(Vectors.self, from: data).exchanges)
    }

    static func bytes(hex: String) -> [UInt8] {
        stride(from: 0, to: hex.count, by: 2).compactMap { offset in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)
        }
    }

    @Test("the Swift side seals each request and answer to the vector's exact header, associated data and bytes")
    func sealsAsTheVectors() throws {
        let (key, exchanges) = try Self.load()
        let bytes = try AES256Key(bytes: (0..<32).map { UInt8($0) })
        #expect(key.id == "2026-11-vector" && key.key == bytes)
        for exchange in exchanges {
            let request = exchange.request, response = exchange.response
            let requestNonce = try GCMNonce(bytes: try #require(Data(base64Encoded: request.nonce)))
            let (sealed, body) = try SealedExchange.sealRequest(
                method: try #require(request.method), target: try #require(request.target), body: request.body.map { Array($0.utf8) },
                key: key, time: try #require(request.t), nonce: requestNonce
            )
            #expect(sealed.header.fieldValue == request.header, "\(exchange.name)")
            #expect(String(decoding: sealed.associatedData, as: UTF8.self) == request.associatedData, "\(exchange.name)")
            #expect((body ?? []) == Self.bytes(hex: request.sealedBody), "\(exchange.name)")

            let responseNonce = try GCMNonce(bytes: try #require(Data(base64Encoded: response.nonce)))
            let status = try #require(response.status)
            let (header, answer) = try SealedExchange.sealResponse(
                status: status, body: Array(try #require(response.body).utf8), for: sealed, key: key, nonce: responseNonce
            )
            #expect(header.fieldValue == response.header, "\(exchange.name)")
            let associatedData = SealedExchange.responseAssociatedData(header: header, status: status, for: sealed)
            #expect(String(decoding: associatedData, as: UTF8.self) == response.associatedData, "\(exchange.name)")
            #expect(answer == Self.bytes(hex: response.sealedBody), "\(exchange.name)")
        }
    }

    @Test("the server's side opens each vector request, and the client's side each vector answer")
    func opensTheVectors() throws {
        let (key, exchanges) = try Self.load()
        for exchange in exchanges {
            let request = exchange.request, response = exchange.response
            let sent = Self.bytes(hex: request.sealedBody)
            let (read, found) = try SealedExchange.readRequest(
                method: try #require(request.method), target: try #require(request.target), headerText: request.header,
                body: sent, keys: try PayloadKeyRing(current: key), now: 0
            )
            #expect(try SealedExchange.openBody(sent, of: read, key: found) == Array((request.body ?? "").utf8))
            let opened = try SealedExchange.openResponse(
                status: try #require(response.status), header: try SealHeader(parsing: response.header),
                body: Self.bytes(hex: response.sealedBody), for: read, key: key
            )
            #expect(opened == Array(try #require(response.body).utf8), "\(exchange.name)")
        }
    }
}

extension SealedPayloadVectorTests {
    @Test("the digest a GET is bound to is SHA-256 of nothing, as libcrypto computes it")
    func digestOfNothing() throws {
        #expect(SealedExchange.digestOfNothing == (try SHA256.hash([])))
        #expect(try SealedExchange.digest(of: [1]) == (try SHA256.hash([1])))
    }

    @Test("the kernel's bytes have the asked length, do not repeat, and more than 256 are refused")
    func kernelBytes() throws {
        let draws = try (0..<100).map { _ in try SecureRandom.kernelBytes(12) }
        #expect(draws.allSatisfy { $0.count == 12 } && Set(draws).count == 100)
        #expect(throws: CryptoError.inputTooLarge(257)) { _ = try SecureRandom.kernelBytes(257) }
    }
}
