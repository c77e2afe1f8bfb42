import Foundation
import Infrastructure

/// The payload cipher against the library it wraps: seal and open throughput of
/// `AES256GCM` at a given message size, as `openssl speed` prints it (bytes per second),
/// so scripts/benchmark-cache can set the two side by side. Release builds only.
@main
enum CryptoBenchmark {
    static func main() throws {
        let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }
        let key = try AES256Key.random()
        let associatedData = Array("GET /auth/products/search?q=phone 200".utf8)
        for size in sizes.isEmpty ? [1024, 16384, 1 << 20] : sizes {
            let plaintext = try SecureRandom.bytes(size)
            let sealed = try AES256GCM.seal(plaintext, associatedData: associatedData, using: key)
            let seal = try throughput(size) { _ = try AES256GCM.seal(plaintext, associatedData: associatedData, using: key) }
            let open = try throughput(size) { _ = try AES256GCM.open(sealed, associatedData: associatedData, using: key) }
            print("\(size) \(Int(seal)) \(Int(open))")
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
