@testable import Infrastructure
import Testing

/// RFC 9458 Appendix A, "Complete Example of a Request and Response", byte for byte:
/// the gateway's key configuration, the Binary HTTP request, the encapsulated request
/// (from the example's ephemeral key), and the encapsulated response (from its nonce).
/// Values as the RFC prints them.
@Suite("Oblivious HTTP: RFC 9458's worked example", .timeLimit(.minutes(1)))
struct RFC9458ExampleTests {
    static let gatewaySecret = "3c168975674b2fa8e465970b79c8dcf09f1c741626480bd4c6162fc5b6a98e1a"
    static let keyConfiguration = "01002031e1f05a740102115220e9af918f738674aec95f54db6e04eb705aae8e79815500080001000100010003"
    static let request = "00034745540568747470730b6578616d706c652e636f6d012f"
    static let ephemeralSecret = "bc51d5e930bda26589890ac7032f70ad12e4ecb37abb1b65b1256c9c48999c73"
    static let encapsulatedRequest = """
        010020000100014b28f881333e7c164ffc499ad9796f877f4e1051ee6d31bad1\
        9dec96c208b4726374e469135906992e1268c594d2a10c695d858c40a026e796\
        5e7d86b83dd440b2c0185204b4d63525
        """
    static let response = "0140c8"
    static let responseNonce = "c789e7151fcba46158ca84b04464910d"
    static let encapsulatedResponse = "c789e7151fcba46158ca84b04464910d86f9013e404feea014e7be4a441f234f857fbd"

    let gatewayKey: ObliviousGatewayKey

    init() throws {
        let privateKey = try X25519PrivateKey(rawRepresentation: hex(Self.gatewaySecret))
        // HKDF-SHA256 with AES-128-GCM, then with ChaCha20Poly1305 (0x0003, not offered here).
        let configuration = ObliviousKeyConfiguration(keyID: 1, publicKey: privateKey.publicKey, algorithms: [
            .init(kdfID: 1, aeadID: 1), .init(kdfID: 1, aeadID: 3),
        ])
        gatewayKey = ObliviousGatewayKey(configuration: configuration, privateKey: privateKey)
    }

    @Test("the key configuration is the one printed, and reads back the same")
    func keyConfiguration() throws {
        #expect(gatewayKey.configuration.encoded == hex(Self.keyConfiguration))
        #expect(try ObliviousKeyConfiguration(decoding: hex(Self.keyConfiguration)) == gatewayKey.configuration)
        #expect(gatewayKey.configuration.preferredSuite == .x25519SHA256AES128GCM)
    }

    @Test("the Binary HTTP request and response are the ones printed")
    func binaryHTTP() throws {
        let request = BinaryHTTPRequest(method: "GET", scheme: "https", authority: "example.com", path: "/")
        #expect(request.encoded() == hex(Self.request))
        #expect(try BinaryHTTPRequest(decoding: hex(Self.request)) == request)
        #expect(BinaryHTTPResponse(status: 200).encoded() == hex(Self.response))
        #expect(try BinaryHTTPResponse(decoding: hex(Self.response)) == BinaryHTTPResponse(status: 200))
    }

    @Test("the client's encapsulated request, and the gateway opening it")
    func encapsulatedRequest() throws {
        let ephemeral = try X25519PrivateKey(rawRepresentation: hex(Self.ephemeralSecret))
        let (encapsulated, _) = try ObliviousEncapsulation.sealRequest(hex(Self.request), for: gatewayKey.configuration, ephemeral: ephemeral)
        #expect(encapsulated == hex(Self.encapsulatedRequest))

        let opened = try ObliviousEncapsulation.openRequest(hex(Self.encapsulatedRequest)) { $0 == 1 ? gatewayKey : nil }
        #expect(opened.request == hex(Self.request))
        #expect(opened.keyID == 1)
        #expect(opened.encapsulatedKey == Array(hex(Self.encapsulatedRequest)[7..<39]))
    }

    @Test("the gateway's encapsulated response, and the client opening it")
    func encapsulatedResponse() throws {
        let opened = try ObliviousEncapsulation.openRequest(hex(Self.encapsulatedRequest)) { $0 == 1 ? gatewayKey : nil }
        let sealed = try opened.response.seal(hex(Self.response), responseNonce: hex(Self.responseNonce))
        #expect(sealed == hex(Self.encapsulatedResponse))

        let ephemeral = try X25519PrivateKey(rawRepresentation: hex(Self.ephemeralSecret))
        let (_, opener) = try ObliviousEncapsulation.sealRequest(hex(Self.request), for: gatewayKey.configuration, ephemeral: ephemeral)
        #expect(try opener.open(hex(Self.encapsulatedResponse)) == hex(Self.response))
    }

    @Test("an unknown key id is told apart before any work; a changed byte opens nothing")
    func refusals() throws {
        var otherKey = hex(Self.encapsulatedRequest)
        otherKey[0] = 2
        #expect(throws: ObliviousHTTPError.unknownKey(2)) { _ = try ObliviousEncapsulation.openRequest(otherKey) { $0 == 1 ? gatewayKey : nil } }
        for index in [8, 40, 77] {
            var changed = hex(Self.encapsulatedRequest)
            changed[index] ^= 0x01
            #expect(throws: ObliviousHTTPError.openFailed) { _ = try ObliviousEncapsulation.openRequest(changed) { _ in gatewayKey } }
        }
        // Found by FuzzDecapsulation: a ciphertext shorter than its tag was libcrypto's
        // refusal, not the layer's.
        for cut in [39, 40, 54] {
            #expect(throws: ObliviousHTTPError.truncated("encapsulated request")) {
                _ = try ObliviousEncapsulation.openRequest(Array(hex(Self.encapsulatedRequest).prefix(cut))) { _ in gatewayKey }
            }
        }
        // The suite the header names must be one the key offers: ChaCha20Poly1305 is listed
        // by the configuration but not built here; AES-256-GCM is not listed.
        var otherSuite = hex(Self.encapsulatedRequest)
        otherSuite[6] = 2
        #expect(throws: ObliviousHTTPError.self) { _ = try ObliviousEncapsulation.openRequest(otherSuite) { _ in gatewayKey } }
    }
}

private func hex(_ text: String) -> [UInt8] { Hex.bytes(text) ?? [] }
