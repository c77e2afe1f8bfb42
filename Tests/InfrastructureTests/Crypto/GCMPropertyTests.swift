@testable import Infrastructure
import Testing

/// The sealed layer's AES-GCM (`SealedLayerAEAD`: a context per message, then `GCM`)
/// under any key and nonce: it round trips, and nothing changed anywhere opens.
@Suite("AES-256-GCM properties", .timeLimit(.minutes(1)))
struct GCMPropertyTests {
    @Test("round trips messages of many sizes from 0 bytes to 1 MiB, with and without associated data")
    func roundTrips() throws {
        var generator = SplitMix64(seed: 0x5EED_2026)
        let key = try SecureRandom.bytes(32)
        let edgeSizes = [0, 1, 15, 16, 17, 31, 32, 33, 4096, 1 << 20]
        let randomSizes = (0..<40).map { _ in Int.random(in: 0...(1 << 20), using: &generator) }

        for size in edgeSizes + randomSizes {
            let plaintext = generator.bytes(size)
            let associatedData = generator.bytes(Int.random(in: 0...64, using: &generator))
            let nonce = generator.bytes(GCM.nonceByteCount)

            let sealed = try SealedLayerAEAD.seal(plaintext, associatedData: associatedData, key: key, nonce: nonce)

            #expect(sealed.count == size + GCM.tagByteCount)
            #expect(try SealedLayerAEAD.open(sealed, associatedData: associatedData, key: key, nonce: nonce) == plaintext, "size \(size)")
        }
    }

    @Test("any flipped bit in nonce, ciphertext, tag or associated data fails to open")
    func everyBitFlipFails() throws {
        var generator = SplitMix64(seed: 42)
        let key = try SecureRandom.bytes(32)
        let nonce = generator.bytes(GCM.nonceByteCount)
        let plaintext = generator.bytes(40)
        let associatedData = Array("GET /auth/products/search?q=phone 200".utf8)
        let sealed = try SealedLayerAEAD.seal(plaintext, associatedData: associatedData, key: key, nonce: nonce)
        var attempts = 0

        func expectFailure(_ body: [UInt8], _ data: [UInt8], _ nonce: [UInt8], _ where: String) {
            attempts += 1
            #expect(throws: CryptoError.authenticationFailed, "opened despite a flipped bit in \(`where`)") {
                _ = try SealedLayerAEAD.open(body, associatedData: data, key: key, nonce: nonce)
            }
        }

        for bit in 0..<(GCM.nonceByteCount * 8) {
            var flipped = nonce
            flipped[bit / 8] ^= 1 << (bit % 8)
            expectFailure(sealed, associatedData, flipped, "nonce bit \(bit)")
        }
        // The last 16 bytes are the tag, so this covers ciphertext and tag alike.
        for bit in 0..<(sealed.count * 8) {
            var body = sealed
            body[bit / 8] ^= 1 << (bit % 8)
            expectFailure(body, associatedData, nonce, "body bit \(bit)")
        }
        for bit in 0..<(associatedData.count * 8) {
            var data = associatedData
            data[bit / 8] ^= 1 << (bit % 8)
            expectFailure(sealed, data, nonce, "associated data bit \(bit)")
        }
        #expect(attempts == (12 + 56 + associatedData.count) * 8)
    }

    @Test("a wrong key, missing or extra associated data, or a truncated body fails to open")
    func otherMismatchesFail() throws {
        let key = try SecureRandom.bytes(32)
        let nonce = try SecureRandom.bytes(GCM.nonceByteCount)
        let login = Array("POST /auth/login".utf8)
        let sealed = try SealedLayerAEAD.seal(Array("hello".utf8), associatedData: login, key: key, nonce: nonce)

        #expect(throws: CryptoError.authenticationFailed) {
            _ = try SealedLayerAEAD.open(sealed, associatedData: login, key: try SecureRandom.bytes(32), nonce: nonce)
        }
        #expect(throws: CryptoError.authenticationFailed) {
            _ = try SealedLayerAEAD.open(sealed, associatedData: [], key: key, nonce: nonce)
        }
        #expect(throws: CryptoError.authenticationFailed) {
            _ = try SealedLayerAEAD.open(sealed, associatedData: Array("POST /auth/login 200".utf8), key: key, nonce: nonce)
        }
        #expect(throws: CryptoError.authenticationFailed) {
            _ = try SealedLayerAEAD.open(Array(sealed.dropLast()), associatedData: login, key: key, nonce: nonce)
        }
        #expect(throws: CryptoError.messageTooShort(15)) {
            _ = try SealedLayerAEAD.open(Array(sealed.prefix(15)), associatedData: [], key: key, nonce: nonce)
        }
    }

    @Test("an empty message with empty associated data seals to a bare tag and opens to nothing")
    func emptyMessage() throws {
        let key = try SecureRandom.bytes(32)
        let nonce = try SecureRandom.bytes(GCM.nonceByteCount)
        let sealed = try SealedLayerAEAD.seal([], key: key, nonce: nonce)
        #expect(sealed.count == 16)
        #expect(try SealedLayerAEAD.open(sealed, key: key, nonce: nonce) == [])
    }

    @Test("lengths beyond Int32.max are refused before libcrypto sees them")
    func refusesOversizedInput() throws {
        #expect(try Int32(libcryptoLength: Int(Int32.max)) == Int32.max)
        #expect(throws: CryptoError.inputTooLarge(Int(Int32.max) + 1)) {
            _ = try Int32(libcryptoLength: Int(Int32.max) + 1)
        }
    }
}
