@testable import Infrastructure
import Testing

/// The two speed-ups of the cipher must not change a byte: contexts reused per key,
/// and nonces drawn from the CSPRNG in batches.
@Suite("AES-256-GCM context reuse and nonce batches", .timeLimit(.minutes(1)))
struct CipherReuseTests {
    @Test("a reused context seals exactly as a fresh one, after a failed open too")
    func reusedContextsMatchFreshOnes() throws {
        var generator = SplitMix64(seed: 7)
        let bytes = generator.bytes(32)
        let reused = try AES256Key(bytes: bytes)
        let nonce = try GCMNonce(bytes: generator.bytes(12))
        let plaintext = generator.bytes(1000)
        let associatedData = Array("POST /auth/login".utf8)

        let first = try AES256GCM.seal(plaintext, associatedData: associatedData, using: reused, nonce: nonce)
        var forged = first.ciphertextAndTag
        forged[0] ^= 1
        #expect(throws: CryptoError.authenticationFailed) {
            _ = try AES256GCM.open(SealedMessage(nonce: nonce, ciphertextAndTag: forged), associatedData: associatedData, using: reused)
        }
        for _ in 0..<20 {
            let again = try AES256GCM.seal(plaintext, associatedData: associatedData, using: reused, nonce: nonce)
            let fresh = try AES256GCM.seal(plaintext, associatedData: associatedData, using: try AES256Key(bytes: bytes), nonce: nonce)
            #expect(again == first)
            #expect(fresh == first)
            #expect(try AES256GCM.open(again, associatedData: associatedData, using: reused) == plaintext)
        }
    }

    @Test("nonces from batches never repeat, across many batches")
    func noncesNeverRepeat() throws {
        var seen = Set<GCMNonce>()
        for _ in 0..<10_000 {
            #expect(seen.insert(try GCMNonce.random()).inserted)
        }
    }

    @Test("nonces drawn from many tasks at once never repeat")
    func concurrentNonces() async throws {
        let nonces = try await withThrowingTaskGroup(of: [GCMNonce].self) { group in
            for _ in 0..<8 {
                group.addTask { try (0..<500).map { _ in try GCMNonce.random() } }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(nonces).count == nonces.count)
    }
}
