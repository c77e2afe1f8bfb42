import Foundation
@testable import Infrastructure
import TestSupport
import Testing

/// docs/vectors/ohttp-storefront.json, computed by a second implementation
/// (scripts/ohttp/peer.py: pyhpke's HPKE, its own Binary HTTP) for Storefront's suite:
/// the Swift side writes every byte the same and opens what the other one sealed, both
/// as client and as gateway.
@Suite("Oblivious HTTP: known answers from a second implementation", .timeLimit(.minutes(1)))
struct OHTTPVectorTests {
    struct Document: Decodable {
        struct Exchange: Decodable, CustomTestStringConvertible {
            let name: String
            let ephemeralPrivateKey: String
            let request: String
            let encapsulatedRequest: String
            let responseNonce: String
            let response: String
            let encapsulatedResponse: String

            var testDescription: String { name }
        }

        let gatewayPrivateKey: String
        let keyConfiguration: String
        let exchanges: [Exchange]
    }

    static let document: Document? = {
        let file = RepositoryFolder.root.appendingPathComponent("docs/vectors/ohttp-storefront.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Document.self, from: $0) }
    }()

    static var exchanges: [Document.Exchange] { document?.exchanges ?? [] }

    func gatewayKey() throws -> ObliviousGatewayKey {
        let document = try #require(Self.document)
        let privateKey = try X25519PrivateKey(rawRepresentation: hex(document.gatewayPrivateKey))
        let configuration = ObliviousKeyConfiguration(keyID: 1, publicKey: privateKey.publicKey)
        #expect(configuration.encoded == hex(document.keyConfiguration))
        return ObliviousGatewayKey(configuration: configuration, privateKey: privateKey)
    }

    @Test("both exchanges are there: a login and a search")
    func coverage() {
        #expect(Self.exchanges.map(\.name) == ["login", "search"])
    }

    @Test("as the client: the same Binary HTTP, the same encapsulated request, and the answer opens", arguments: exchanges)
    func client(exchange: Document.Exchange) throws {
        let key = try gatewayKey()
        let request = try BinaryHTTPRequest(decoding: hex(exchange.request))
        #expect(request.encoded(paddedLength: 512) == hex(exchange.request))
        let ephemeral = try X25519PrivateKey(rawRepresentation: hex(exchange.ephemeralPrivateKey))
        let (encapsulated, opener) = try ObliviousEncapsulation.sealRequest(hex(exchange.request), for: key.configuration, ephemeral: ephemeral)
        #expect(encapsulated == hex(exchange.encapsulatedRequest))
        let opened = try opener.open(hex(exchange.encapsulatedResponse))
        #expect(opened == hex(exchange.response))
        let response = try BinaryHTTPResponse(decoding: opened)
        #expect(response.encoded(paddedLength: 512) == hex(exchange.response))
    }

    @Test("as the gateway: the request opens as sent, and the answer is sealed byte for byte", arguments: exchanges)
    func gateway(exchange: Document.Exchange) throws {
        let key = try gatewayKey()
        let opened = try ObliviousEncapsulation.openRequest(hex(exchange.encapsulatedRequest)) { $0 == 1 ? key : nil }
        #expect(opened.request == hex(exchange.request))
        #expect(try opened.response.seal(hex(exchange.response), responseNonce: hex(exchange.responseNonce)) == hex(exchange.encapsulatedResponse))
    }

    @Test("a second client holding the same configuration cannot open the first one's answer")
    func anotherClient() throws {
        let key = try gatewayKey()
        let exchange = try #require(Self.exchanges.first)
        let (_, other) = try ObliviousEncapsulation.sealRequest(hex(exchange.request), for: key.configuration)
        #expect(throws: ObliviousHTTPError.openFailed) { try other.open(hex(exchange.encapsulatedResponse)) }
    }
}

private func hex(_ text: String) -> [UInt8] { Hex.bytes(text) ?? [] }
