import Foundation
@testable import Infrastructure
import Testing

/// NIST's CAVP AES-GCM vectors for 256-bit keys (`gcmEncryptExtIV256.rsp` and
/// `gcmDecrypt256.rsp`, from PyPI's `cryptography-vectors`; see `PublishedVectors`).
/// They run through the sealed layer's own AES-GCM (`SealedLayerAEAD`), and every
/// vector its parameters allow is run: a 96-bit nonce and a 128-bit tag, whatever the
/// text and associated data lengths. Skipped, saying so, when the
/// files could not be fetched; in CI their absence is a failure.
@Suite("NIST CAVP AES-256-GCM vectors", .timeLimit(.minutes(1)))
struct NISTAESGCMTests {
    @Test(
        "NIST encryption: 375 vectors seal to the published ciphertext and tag, and open",
        .enabled(if: PublishedVectors.shouldRun("gcmEncryptExtIV256.rsp"), PublishedVectors.skipped("gcmEncryptExtIV256.rsp"))
    )
    func encryption() throws {
        var count = 0
        for vector in try Self.vectors(in: "gcmEncryptExtIV256.rsp") {
            let name = "Count \(vector.fields["Count"] ?? "?") (PT \(vector.parameters["PTlen"] ?? 0) bits, AAD \(vector.parameters["AADlen"] ?? 0) bits)"
            let key = try #require(vector.bytes("Key"), "\(name): Key")
            let nonce = try #require(vector.bytes("IV"), "\(name): IV")
            let plaintext = try #require(vector.bytes("PT"), "\(name): PT")
            let associatedData = try #require(vector.bytes("AAD"), "\(name): AAD")
            let expected = try #require(vector.bytes("CT"), "\(name): CT") + (try #require(vector.bytes("Tag"), "\(name): Tag"))

            let sealed = try SealedLayerAEAD.seal(plaintext, associatedData: associatedData, key: key, nonce: nonce)
            #expect(sealed == expected, "\(name) seals differently")
            #expect(try SealedLayerAEAD.open(sealed, associatedData: associatedData, key: key, nonce: nonce) == plaintext, "\(name) does not open")
            count += 1
        }
        // Counting guards against a parser or filter change that silently tests nothing.
        #expect(count == 375)
    }

    @Test(
        "NIST decryption: 184 valid vectors open to the published plaintext, 191 with a wrong tag are refused",
        .enabled(if: PublishedVectors.shouldRun("gcmDecrypt256.rsp"), PublishedVectors.skipped("gcmDecrypt256.rsp"))
    )
    func decryption() throws {
        var valid = 0
        var invalid = 0
        for vector in try Self.vectors(in: "gcmDecrypt256.rsp") {
            let name = "Count \(vector.fields["Count"] ?? "?") (PT \(vector.parameters["PTlen"] ?? 0) bits, AAD \(vector.parameters["AADlen"] ?? 0) bits)"
            let key = try #require(vector.bytes("Key"), "\(name): Key")
            let nonce = try #require(vector.bytes("IV"), "\(name): IV")
            let associatedData = try #require(vector.bytes("AAD"), "\(name): AAD")
            let sealed = try #require(vector.bytes("CT"), "\(name): CT") + (try #require(vector.bytes("Tag"), "\(name): Tag"))

            if vector.fails {
                invalid += 1
                #expect(throws: CryptoError.self, "\(name) opened with a wrong tag") {
                    _ = try SealedLayerAEAD.open(sealed, associatedData: associatedData, key: key, nonce: nonce)
                }
            } else {
                valid += 1
                let plaintext = try #require(vector.bytes("PT"), "\(name): PT")
                #expect(try SealedLayerAEAD.open(sealed, associatedData: associatedData, key: key, nonce: nonce) == plaintext, "\(name)")
            }
        }
        #expect(valid == 184)
        #expect(invalid == 191)
    }

    /// The file's vectors the sealed layer's suite uses: 256-bit key, 96-bit IV, 128-bit tag.
    private static func vectors(in name: String) throws -> [CAVPResponseFile.Vector] {
        try CAVPResponseFile(contentsOf: PublishedVectors.file(name)).vectors.filter {
            $0.parameters["Keylen"] == 256 && $0.parameters["IVlen"] == 96 && $0.parameters["Taglen"] == 128
        }
    }
}
