import Crypto
import Foundation
@testable import Infrastructure
import Testing

/// Oblivious HTTP's encapsulation between our HPKE (libcrypto) and apple/swift-crypto's
/// (BoringSSL underneath), an implementation written apart from ours: a request sealed by
/// either opens with the other, and the answer sealed under the secret one side exported
/// opens with the secret the other exported. Used by tests only: the programs ship on
/// libcrypto alone.
@Suite("Oblivious HTTP against swift-crypto's HPKE", .timeLimit(.minutes(1)))
struct SwiftCryptoInteropTests {
    static let suite = Crypto.HPKE.Ciphersuite(kem: .Curve25519_HKDF_SHA256, kdf: .HKDF_SHA256, aead: .AES_GCM_256)
    static let request = BinaryHTTPRequest(
        method: "POST", scheme: "https", authority: "store.example", path: "/auth/login",
        headerFields: [.init(name: "content-type", value: "application/json")], content: Array(#"{"username":"emilys"}"#.utf8)
    ).encoded(paddedLength: 512)
    static let response = BinaryHTTPResponse(status: 200, content: Array(#"{"id":1}"#.utf8)).encoded(paddedLength: 512)

    /// `hdr` and `info` as RFC 9458 section 4.3 builds them, for key id 1.
    static let header: [UInt8] = [1, 0x00, 0x20, 0x00, 0x01, 0x00, 0x02]
    static var info: Data { Data("message/bhttp request".utf8) + [0] + header }

    /// RFC 9458 section 4.4, written with swift-crypto's HKDF and AES-GCM.
    static func responseKey(secret: SymmetricKey, enc: Data, nonce: Data) throws -> (SymmetricKey, AES.GCM.Nonce) {
        let prk = HKDF<Crypto.SHA256>.extract(inputKeyMaterial: secret, salt: enc + nonce)
        let key = HKDF<Crypto.SHA256>.expand(pseudoRandomKey: prk, info: Data("key".utf8), outputByteCount: 32)
        let nonceBytes = HKDF<Crypto.SHA256>.expand(pseudoRandomKey: prk, info: Data("nonce".utf8), outputByteCount: 12)
        return (key, try AES.GCM.Nonce(data: nonceBytes.withUnsafeBytes { Data($0) }))
    }

    @Test("a request swift-crypto seals opens in our gateway, and our answer opens with swift-crypto's exported secret")
    func theirClientOurGateway() throws {
        let ours = try GatewayKeyRing.freshKey(after: nil)
        let theirKey = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: ours.configuration.publicKey.rawRepresentation)
        var sender = try Crypto.HPKE.Sender(recipientKey: theirKey, ciphersuite: Self.suite, info: Self.info)
        let encapsulated = Self.header + Array(sender.encapsulatedKey) + Array(try sender.seal(Self.request))

        let opened = try ObliviousEncapsulation.openRequest(encapsulated) { $0 == 1 ? ours : nil }
        #expect(opened.request == Self.request)
        let sealed = try opened.response.seal(Self.response)

        let secret = try sender.exportSecret(context: Data("message/bhttp response".utf8), outputByteCount: 32)
        let nonce = Data(sealed.prefix(32))
        let (key, aeadNonce) = try Self.responseKey(secret: secret, enc: sender.encapsulatedKey, nonce: nonce)
        let box = try AES.GCM.SealedBox(nonce: aeadNonce, ciphertext: sealed.dropFirst(32).dropLast(16), tag: sealed.suffix(16))
        #expect(Array(try AES.GCM.open(box, using: key)) == Self.response)
    }

    @Test("a request our client seals opens with swift-crypto, and the answer swift-crypto seals opens for our client")
    func ourClientTheirGateway() throws {
        let theirs = Curve25519.KeyAgreement.PrivateKey()
        let configuration = ObliviousKeyConfiguration(keyID: 1, publicKey: try X25519PublicKey(rawRepresentation: theirs.publicKey.rawRepresentation))
        let (encapsulated, opener) = try ObliviousEncapsulation.sealRequest(Self.request, for: configuration)
        #expect(Array(encapsulated.prefix(7)) == Self.header)

        let enc = Data(encapsulated[7..<39])
        var recipient = try Crypto.HPKE.Recipient(privateKey: theirs, ciphersuite: Self.suite, info: Self.info, encapsulatedKey: enc)
        #expect(Array(try recipient.open(encapsulated.dropFirst(39))) == Self.request)

        let secret = try recipient.exportSecret(context: Data("message/bhttp response".utf8), outputByteCount: 32)
        let nonce = Data((0..<32).map { UInt8($0) })
        let (key, aeadNonce) = try Self.responseKey(secret: secret, enc: enc, nonce: nonce)
        let box = try AES.GCM.seal(Self.response, using: key, nonce: aeadNonce)
        #expect(try opener.open(Array(nonce + box.ciphertext + box.tag)) == Self.response)
    }
}
