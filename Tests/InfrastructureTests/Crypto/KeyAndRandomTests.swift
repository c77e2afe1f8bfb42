import Foundation
@testable import Infrastructure
import Testing

@Suite("AES256Key, GCMNonce and SecureRandom", .timeLimit(.minutes(1)))
struct KeyAndRandomTests {
    static let validBase64 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="

    @Test("a key is exactly 32 bytes", arguments: [0, 16, 31, 33, 64])
    func keyLength(count: Int) {
        #expect(throws: CryptoError.invalidKeyLength(count)) {
            _ = try AES256Key(bytes: [UInt8](repeating: 7, count: count))
        }
    }

    @Test("never prints its bytes")
    func redactsKey() throws {
        let key = try AES256Key(bytes: Array(0...31))
        #expect(key.base64EncodedString == Self.validBase64)
        var dumped = ""
        dump(key, to: &dumped)
        for text in ["\(key)", String(reflecting: key), dumped] {
            #expect(!text.contains("AAEC"))
            #expect(!text.contains("0, 1, 2"))
        }
    }

    @Test("a nonce is exactly 12 bytes", arguments: [0, 11, 13, 16])
    func nonceLength(count: Int) {
        #expect(throws: CryptoError.invalidNonceLength(count)) {
            _ = try GCMNonce(bytes: [UInt8](repeating: 0, count: count))
        }
    }

    @Test("secure random bytes have the asked length and do not repeat")
    func secureRandom() throws {
        #expect(try SecureRandom.bytes(0) == [])
        let first = try SecureRandom.bytes(32)
        let second = try SecureRandom.bytes(32)
        #expect(first.count == 32)
        #expect(first != second)
        #expect(try AES256Key.random() != AES256Key.random())
    }
}
