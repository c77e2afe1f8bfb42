import Foundation
import Infrastructure

/// The sealed layer's AEAD against the library it wraps: seal and open throughput of
/// HPKE's AES-256-GCM, the suite every sealed request uses, run as the layer runs it (a
/// context per message, set to the key schedule's next nonce), at a given message size,
/// as `openssl speed` prints it (bytes per second), so scripts/benchmark-cache can set
/// the two side by side. Release builds only.
@main
enum CryptoBenchmark {
    static func main() throws {
        let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }
        let recipientKey = try X25519PrivateKey.generate()
        let suite = HPKESuite.x25519SHA256AES256GCM
        let associatedData = Array("GET /auth/products/search?q=phone 200".utf8)
        for size in sizes.isEmpty ? [1024, 16384, 1 << 20] : sizes {
            let plaintext = try SecureRandom.bytes(size)
            var sealer = try HPKE.sender(to: recipientKey.publicKey, info: [], suite: suite)
            let seal = try throughput(size) { _ = try sealer.context.seal(plaintext, associatedData: associatedData) }

            // A recipient opens a sender's messages in order, each under the next nonce,
            // so opening is timed on seal-and-open pairs, less the sealing measured above.
            var sender = try HPKE.sender(to: recipientKey.publicKey, info: [], suite: suite)
            var recipient = try HPKE.recipient(encapsulatedKey: sender.encapsulatedKey, privateKey: recipientKey, info: [], suite: suite)
            let pairs = try throughput(size) {
                _ = try recipient.open(try sender.context.seal(plaintext, associatedData: associatedData), associatedData: associatedData)
            }
            let open = 1 / max(1 / pairs - 1 / seal, .leastNonzeroMagnitude)
            print("\(size) \(Int(seal)) \(Int(min(open, Double(Int.max))))")
        }
    }

    /// Bytes per second of `body` on `size`-byte messages, over about a second, after a
    /// warm-up that is not counted.
    private static func throughput(_ size: Int, _ body: () throws -> Void) throws -> Double {
        let clock = ContinuousClock()
        for _ in 0..<max(4, (1 << 22) / size) { try body() }
        var count = 0
        let start = clock.now
        var elapsed = Duration.zero
        while elapsed < .seconds(1) {
            for _ in 0..<max(1, (1 << 20) / size) { try body() }
            count += max(1, (1 << 20) / size)
            elapsed = clock.now - start
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(count * size) / seconds
    }
}
