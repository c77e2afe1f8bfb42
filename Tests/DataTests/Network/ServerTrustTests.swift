@testable import Data
import Foundation
import Infrastructure
import Testing

/// Pins as curl's `--pinnedpubkey` writes them, and which verified chains they admit.
@Suite("ServerTrust and PublicKeyPin", .timeLimit(.minutes(1)))
struct ServerTrustTests {
    static let digest = [UInt8](0..<32)
    static let text = "sha256/" + Data(digest).base64EncodedString()

    @Test("reads sha256/ and the base64 of 32 bytes, and writes the same text back")
    func roundTrip() throws {
        let pin = try #require(PublicKeyPin(Self.text))
        #expect(pin.digest == Self.digest)
        #expect(pin.description == Self.text)
    }

    @Test("refuses anything else", arguments: [
        "", "sha256/", "SHA256/" + Data(digest).base64EncodedString(), "sha1/" + Data(digest).base64EncodedString(),
        Data(digest).base64EncodedString(), "sha256/" + Data(digest.dropLast()).base64EncodedString(),
        "sha256/" + Data(digest + [0]).base64EncodedString(), "sha256/not base64!", " " + text, text + " ",
        "sha256/" + Data(digest).base64EncodedString().replacingOccurrences(of: "=", with: ""),
    ])
    func refuses(text: String) {
        #expect(PublicKeyPin(text) == nil, "\(text.debugDescription)")
    }

    /// A chain whose certificates carry the given key infos.
    private func chain(_ keys: [[UInt8]]) -> [VerifiedCertificate] {
        keys.map { VerifiedCertificate(der: [0x30], subjectPublicKeyInfo: $0) }
    }

    private func pin(for key: [UInt8]) throws -> PublicKeyPin {
        PublicKeyPin(digest: try SHA256.hash(key))
    }

    @Test("a pin of any certificate in the chain admits it, the authority's included")
    func admitsAnyCertificate() throws {
        let leaf: [UInt8] = [1, 1], intermediate: [UInt8] = [2, 2], root: [UInt8] = [3, 3]
        let verified = chain([leaf, intermediate, root])

        for key in [leaf, intermediate, root] {
            #expect(ServerTrust(pins: [try pin(for: key)]).admits(verified))
        }
        // Two pins, one of them stale, as during a key rotation.
        #expect(ServerTrust(pins: [try pin(for: [9]), try pin(for: root)]).admits(verified))
    }

    @Test("pins that match no certificate refuse the chain; no pins admit any chain")
    func refusesUnpinned() throws {
        let verified = chain([[1, 1], [2, 2]])

        #expect(!ServerTrust(pins: [try pin(for: [9])]).admits(verified))
        #expect(!ServerTrust(pins: [PublicKeyPin(digest: [UInt8](repeating: 0, count: 32))]).admits(verified))
        #expect(!ServerTrust(pins: [try pin(for: [1, 1])]).admits([]))
        #expect(ServerTrust.system.admits(verified))
    }
}
