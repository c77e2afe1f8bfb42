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
            let seal = try throughput(size) { count in
                try measured {
                    for _ in 0..<count { _ = try sealer.context.seal(plaintext, associatedData: associatedData) }
                }
            }
            // A recipient opens a sender's messages in order, each under the next nonce:
            // each round's messages are sealed first, outside the time.
            var sender = try HPKE.sender(to: recipientKey.publicKey, info: [], suite: suite)
            var recipient = try HPKE.recipient(encapsulatedKey: sender.encapsulatedKey, privateKey: recipientKey, info: [], suite: suite)
            let open = try throughput(size) { count in
                var sealed: [[UInt8]] = []
                for _ in 0..<count { sealed.append(try sender.context.seal(plaintext, associatedData: associatedData)) }
                return try measured {
                    for message in sealed { _ = try recipient.open(message, associatedData: associatedData) }
                }
            }
            print("\(size) \(Int(seal)) \(Int(open))")
        }
    }

    /// Bytes per second of `round` on `size`-byte messages, over about a second of the
    /// time it reports, after a warm-up that is not counted. A round does `count`
    /// messages and returns the time they took: all of it, or the part it measured.
    private static func throughput(_ size: Int, _ round: (_ count: Int) throws -> Duration) throws -> Double {
        let count = max(1, (1 << 20) / size)
        for _ in 0..<4 { _ = try round(count) }
        var messages = 0
        var elapsed = Duration.zero
        while elapsed < .seconds(1) {
            elapsed += try round(count)
            messages += count
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(messages * size) / seconds
    }

    /// How long `body` took.
    private static func measured(_ body: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }
}
