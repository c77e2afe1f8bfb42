import Foundation
@testable import Infrastructure
import TestSupport
import Testing

/// RFC 9180's published test vectors (docs/vectors/hpke-rfc9180-base-x25519.json, the
/// CFRG's own file cut to the suites offered, by scripts/hpke-vectors): every value of
/// the key schedule, all 257 encryptions of each suite (so sequence numbers past 255
/// are covered) and every export, both as sender and as recipient.
@Suite("HPKE (RFC 9180): published test vectors, base mode", .timeLimit(.minutes(1)))
struct HPKEVectorTests {
    struct Document: Decodable {
        let source_sha256: String
        let vectors: [Vector]
    }

    struct Vector: Decodable, CustomTestStringConvertible {
        struct Encryption: Decodable {
            let aad: String
            let ct: String
            let nonce: String
            let pt: String
        }

        struct Export: Decodable {
            let exporter_context: String
            let L: Int
            let exported_value: String
        }

        let mode: Int
        let kem_id: UInt16
        let kdf_id: UInt16
        let aead_id: UInt16
        let info: String
        let skEm: String
        let skRm: String
        let pkEm: String
        let pkRm: String
        let enc: String
        let shared_secret: String
        let key: String
        let base_nonce: String
        let exporter_secret: String
        let encryptions: [Encryption]
        let exports: [Export]

        var testDescription: String { "aead \(aead_id)" }
    }

    static let vectors: [Vector] = {
        let file = RepositoryFolder.root.appendingPathComponent("docs/vectors/hpke-rfc9180-base-x25519.json")
        guard let data = try? Data(contentsOf: file), let document = try? JSONDecoder().decode(Document.self, from: data) else { return [] }
        return document.vectors
    }()

    @Test("the file holds both suites offered, base mode only")
    func coverage() {
        #expect(Set(Self.vectors.map(\.aead_id)) == [0x0001, 0x0002])
        #expect(Self.vectors.allSatisfy { $0.mode == 0 && $0.kem_id == 0x0020 && $0.kdf_id == 0x0001 })
        #expect(Self.vectors.allSatisfy { $0.encryptions.count == 257 && $0.exports.count == 3 })
    }

    /// From the published private keys: the program never derives a key from input key
    /// material (`DeriveKeyPair`); it draws a fresh one (`X25519PrivateKey.generate`).
    @Test("the KEM gives the published public keys, enc and shared secret", arguments: vectors)
    func kem(vector: Vector) throws {
        let ephemeral = try X25519PrivateKey(rawRepresentation: hex(vector.skEm))
        let recipient = try X25519PrivateKey(rawRepresentation: hex(vector.skRm))
        #expect(ephemeral.publicKey.rawRepresentation == hex(vector.pkEm))
        #expect(recipient.publicKey.rawRepresentation == hex(vector.pkRm))

        let (secret, enc) = try DHKEM.encapsulate(to: recipient.publicKey, ephemeral: ephemeral)
        #expect(enc == hex(vector.enc))
        #expect(secret == hex(vector.shared_secret))
        #expect(try DHKEM.decapsulate(enc, with: recipient) == hex(vector.shared_secret))
    }

    @Test("the sender seals every message and exports every secret as published", arguments: vectors)
    func sender(vector: Vector) throws {
        let suite = try #require(HPKESuite(kemID: vector.kem_id, kdfID: vector.kdf_id, aeadID: vector.aead_id))
        let recipient = try X25519PublicKey(rawRepresentation: hex(vector.pkRm))
        var sender = try HPKE.sender(
            to: recipient, info: hex(vector.info), suite: suite, ephemeral: try X25519PrivateKey(rawRepresentation: hex(vector.skEm))
        )
        #expect(sender.encapsulatedKey == hex(vector.enc))
        for (sequence, encryption) in vector.encryptions.enumerated() {
            let sealed = try sender.context.seal(hex(encryption.pt), associatedData: hex(encryption.aad))
            #expect(sealed == hex(encryption.ct), "sequence \(sequence)")
        }
        for export in vector.exports {
            #expect(try sender.context.export(hex(export.exporter_context), length: export.L) == hex(export.exported_value))
        }
    }

    @Test("the recipient opens every message and exports every secret as published", arguments: vectors)
    func recipient(vector: Vector) throws {
        let suite = try #require(HPKESuite(kemID: vector.kem_id, kdfID: vector.kdf_id, aeadID: vector.aead_id))
        var context = try HPKE.recipient(
            encapsulatedKey: hex(vector.enc), privateKey: try X25519PrivateKey(rawRepresentation: hex(vector.skRm)),
            info: hex(vector.info), suite: suite
        )
        for (sequence, encryption) in vector.encryptions.enumerated() {
            #expect(try context.open(hex(encryption.ct), associatedData: hex(encryption.aad)) == hex(encryption.pt), "sequence \(sequence)")
        }
        for export in vector.exports {
            #expect(try context.export(hex(export.exporter_context), length: export.L) == hex(export.exported_value))
        }
    }

    @Test("a changed byte anywhere is refused, and the refusal uses up no sequence number", arguments: vectors)
    func tampering(vector: Vector) throws {
        let suite = try #require(HPKESuite(kemID: vector.kem_id, kdfID: vector.kdf_id, aeadID: vector.aead_id))
        let privateKey = try X25519PrivateKey(rawRepresentation: hex(vector.skRm))
        var context = try HPKE.recipient(encapsulatedKey: hex(vector.enc), privateKey: privateKey, info: hex(vector.info), suite: suite)
        let first = vector.encryptions[0]
        var changed = hex(first.ct)
        changed[changed.count / 2] ^= 0x01
        #expect(throws: CryptoError.authenticationFailed) { try context.open(changed, associatedData: hex(first.aad)) }
        #expect(throws: CryptoError.authenticationFailed) { try context.open(hex(first.ct), associatedData: hex(first.aad) + [0]) }
        #expect(try context.open(hex(first.ct), associatedData: hex(first.aad)) == hex(first.pt))

        // Another info, or another enc, is another context: nothing opens.
        var otherInfo = try HPKE.recipient(encapsulatedKey: hex(vector.enc), privateKey: privateKey, info: hex(vector.info) + [1], suite: suite)
        #expect(throws: CryptoError.authenticationFailed) { try otherInfo.open(hex(first.ct), associatedData: hex(first.aad)) }
        var enc = hex(vector.enc)
        enc[0] ^= 0x40
        var otherKey = try HPKE.recipient(encapsulatedKey: enc, privateKey: privateKey, info: hex(vector.info), suite: suite)
        #expect(throws: CryptoError.authenticationFailed) { try otherKey.open(hex(first.ct), associatedData: hex(first.aad)) }
    }

    @Test("a low-order public key is refused, not turned into a known secret")
    func lowOrderPoints() throws {
        let recipient = try X25519PrivateKey.generate()
        // The u-coordinates 0 and 1 are of order 4 and 1: every scalar gives the zero secret.
        for point in [[UInt8](repeating: 0, count: 32), [1] + [UInt8](repeating: 0, count: 31)] {
            #expect(throws: CryptoError.self) {
                _ = try HPKE.recipient(encapsulatedKey: point, privateKey: recipient, info: [], suite: .x25519SHA256AES256GCM)
            }
        }
        #expect(throws: CryptoError.invalidPublicKey(byteCount: 31)) {
            _ = try HPKE.recipient(encapsulatedKey: [UInt8](repeating: 9, count: 31), privateKey: recipient, info: [], suite: .x25519SHA256AES256GCM)
        }
    }

    @Test("a suite this implementation does not offer is named as such")
    func unofferedSuites() {
        #expect(HPKESuite(kemID: 0x0010, kdfID: 1, aeadID: 1) == nil)
        #expect(HPKESuite(kemID: 0x0020, kdfID: 2, aeadID: 1) == nil)
        #expect(HPKESuite(kemID: 0x0020, kdfID: 1, aeadID: 3) == nil)
        #expect(HPKESuite(kemID: 0x0020, kdfID: 1, aeadID: 2) == .x25519SHA256AES256GCM)
    }

    private func hex(_ text: String) -> [UInt8] { Hex.bytes(text) ?? [] }
}
