@testable import Infrastructure
import Testing

@Suite("AES-256-GCM properties", .timeLimit(.minutes(1)))
struct AES256GCMPropertyTests {
    @Test("round trips messages of many sizes from 0 bytes to 1 MiB, with and without associated data")
    func roundTrips() throws {
        var generator = SplitMix64(seed: 0x5EED_2026)
        let key = try AES256Key.random()
        let edgeSizes = [0, 1, 15, 16, 17, 31, 32, 33, 4096, 1 << 20]
        let randomSizes = (0..<40).map { _ in Int.random(in: 0...(1 << 20), using: &generator) }

        for size in edgeSizes + randomSizes {
            let plaintext = generator.bytes(size)
            let associatedData = generator.bytes(Int.random(in: 0...64, using: &generator))

            let sealed = try AES256GCM.seal(plaintext, associatedData: associatedData, using: key)

            #expect(sealed.ciphertextAndTag.count == size + SealedMessage.tagByteCount)
            #expect(try AES256GCM.open(sealed, associatedData: associatedData, using: key) == plaintext, "size \(size)")
        }
    }

    @Test("any flipped bit in nonce, ciphertext, tag or associated data fails to open")
    func everyBitFlipFails() throws {
        var generator = SplitMix64(seed: 42)
        let key = try AES256Key.random()
        let plaintext = generator.bytes(40)
        let associatedData = Array("GET /auth/products/search?q=phone 200".utf8)
        let sealed = try AES256GCM.seal(plaintext, associatedData: associatedData, using: key)
        var attempts = 0

        func expectFailure(_ message: SealedMessage, _ data: [UInt8], _ where: String) {
            attempts += 1
            #expect(throws: CryptoError.authenticationFailed, "opened despite a flipped bit in \(`where`)") {
                _ = try AES256GCM.open(message, associatedData: data, using: key)
            }
        }

        for bit in 0..<(GCMNonce.byteCount * 8) {
            var nonce = sealed.nonce.bytes
            nonce[bit / 8] ^= 1 << (bit % 8)
            expectFailure(SealedMessage(nonce: try GCMNonce(bytes: nonce), ciphertextAndTag: sealed.ciphertextAndTag), associatedData, "nonce bit \(bit)")
        }
        // The last 16 bytes are the tag, so this covers ciphertext and tag alike.
        for bit in 0..<(sealed.ciphertextAndTag.count * 8) {
            var body = sealed.ciphertextAndTag
            body[bit / 8] ^= 1 << (bit % 8)
            expectFailure(SealedMessage(nonce: sealed.nonce, ciphertextAndTag: body), associatedData, "body bit \(bit)")
        }
        for bit in 0..<(associatedData.count * 8) {
            var data = associatedData
            data[bit / 8] ^= 1 << (bit % 8)
            expectFailure(sealed, data, "associated data bit \(bit)")
        }
        #expect(attempts == (12 + 56 + associatedData.count) * 8)
    }

    @Test("a wrong key, missing or extra associated data, or a truncated body fails to open")
    func otherMismatchesFail() throws {
        let key = try AES256Key.random()
        let sealed = try AES256GCM.seal(Array("hello".utf8), associatedData: Array("POST /auth/login".utf8), using: key)

        #expect(throws: CryptoError.authenticationFailed) {
            _ = try AES256GCM.open(sealed, associatedData: Array("POST /auth/login".utf8), using: try AES256Key.random())
        }
        #expect(throws: CryptoError.authenticationFailed) {
            _ = try AES256GCM.open(sealed, associatedData: [], using: key)
        }
        #expect(throws: CryptoError.authenticationFailed) {
            _ = try AES256GCM.open(sealed, associatedData: Array("POST /auth/login 200".utf8), using: key)
        }
        let truncated = SealedMessage(nonce: sealed.nonce, ciphertextAndTag: Array(sealed.ciphertextAndTag.dropLast()))
        #expect(throws: CryptoError.authenticationFailed) {
            _ = try AES256GCM.open(truncated, associatedData: Array("POST /auth/login".utf8), using: key)
        }
        let tagOnlyPart = SealedMessage(nonce: sealed.nonce, ciphertextAndTag: Array(sealed.ciphertextAndTag.prefix(15)))
        #expect(throws: CryptoError.messageTooShort(15)) {
            _ = try AES256GCM.open(tagOnlyPart, associatedData: [], using: key)
        }
    }

    @Test("an empty message with empty associated data seals to a bare tag and opens to nothing")
    func emptyMessage() throws {
        let key = try AES256Key.random()
        let sealed = try AES256GCM.seal([], associatedData: [], using: key)
        #expect(sealed.ciphertextAndTag.count == 16)
        #expect(try AES256GCM.open(sealed, using: key) == [])
    }

    @Test("10,000 seals under one key use 10,000 distinct nonces")
    func noncesAreDistinct() throws {
        let key = try AES256Key.random()
        var nonces = Set<GCMNonce>()
        for _ in 0..<10_000 {
            nonces.insert(try AES256GCM.seal([1, 2, 3], using: key).nonce)
        }
        #expect(nonces.count == 10_000)
    }

    @Test("lengths beyond Int32.max are refused before libcrypto sees them")
    func refusesOversizedInput() throws {
        #expect(try AES256GCM.checkedLength(Int(Int32.max)) == Int32.max)
        #expect(throws: CryptoError.inputTooLarge(Int(Int32.max) + 1)) {
            _ = try AES256GCM.checkedLength(Int(Int32.max) + 1)
        }
    }
}
