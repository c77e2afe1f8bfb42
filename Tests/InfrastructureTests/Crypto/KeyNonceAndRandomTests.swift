@testable import Infrastructure
import Testing

/// What a message's AES-GCM context takes: a 16- or 32-byte key (HPKE's two AES-GCM
/// suites) and a 12-byte nonce, anything else refused before libcrypto reads it; and the
/// secure random generator the keys and nonces come from.
@Suite("AES-GCM key and nonce lengths, and SecureRandom", .timeLimit(.minutes(1)))
struct KeyNonceAndRandomTests {
    @Test("a key is 16 or 32 bytes", arguments: [0, 15, 17, 24, 31, 33, 64])
    func keyLength(count: Int) {
        #expect(throws: CryptoError.invalidKeyLength(count)) {
            _ = try SealedLayerAEAD.context(encrypting: true, key: [UInt8](repeating: 7, count: count), nonce: [UInt8](repeating: 0, count: 12))
        }
    }

    @Test("both key lengths HPKE's suites use make a context", arguments: [16, 32])
    func suiteKeyLengths(count: Int) throws {
        _ = try SealedLayerAEAD.context(encrypting: true, key: [UInt8](repeating: 7, count: count), nonce: [UInt8](repeating: 0, count: 12))
    }

    /// libcrypto is told the nonce is 12 bytes and reads that many from whatever it is
    /// handed: a shorter one would be read past its end.
    @Test("a nonce is exactly 12 bytes", arguments: [0, 11, 13, 16])
    func nonceLength(count: Int) {
        #expect(throws: CryptoError.invalidNonceLength(count)) {
            _ = try SealedLayerAEAD.context(encrypting: false, key: [UInt8](repeating: 7, count: 32), nonce: [UInt8](repeating: 0, count: count))
        }
    }

    @Test("secure random bytes have the asked length and do not repeat")
    func secureRandom() throws {
        #expect(try SecureRandom.bytes(0) == [])
        let first = try SecureRandom.bytes(32)
        let second = try SecureRandom.bytes(32)
        #expect(first.count == 32)
        #expect(first != second)
    }
}
