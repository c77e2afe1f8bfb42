import CLibCrypto

/// A salted, slow password hash (PBKDF2-HMAC-SHA256 over libcrypto), checked in
/// constant time. The reference backend keeps only these, never a password.
public struct PasswordHash: Sendable {
    /// Iterations of PBKDF2: slow enough to make guessing costly, fast enough that a
    /// login in the demo does not lag (about a few milliseconds here).
    public static let defaultIterations: UInt32 = 20_000

    private let salt: [UInt8]
    private let digest: [UInt8]
    private let iterations: UInt32

    /// Hashes `password` with a fresh 16-byte random salt.
    public init(password: String, iterations: UInt32 = PasswordHash.defaultIterations) throws(CryptoError) {
        let salt = try SecureRandom.bytes(16)
        self.salt = salt
        self.iterations = iterations
        self.digest = try Self.derive(password, salt: salt, iterations: iterations)
    }

    /// Whether `password` is the one hashed. Compares every byte whatever the input,
    /// so the time taken says nothing about how much of it matched.
    public func matches(_ password: String) -> Bool {
        guard let candidate = try? Self.derive(password, salt: salt, iterations: iterations) else { return false }
        return CRYPTO_memcmp(candidate, digest, digest.count) == 0
    }

    private static func derive(_ password: String, salt: [UInt8], iterations: UInt32) throws(CryptoError) -> [UInt8] {
        let passwordBytes = Array(password.utf8)
        let passwordLength = try Int32(libcryptoLength: passwordBytes.count)
        var output = [UInt8](repeating: 0, count: 32)
        let status = passwordBytes.withUnsafeBufferPointer { passwordBuffer in
            passwordBuffer.withMemoryRebound(to: CChar.self) { characters in
                PKCS5_PBKDF2_HMAC(
                    characters.baseAddress, passwordLength, salt, Int32(salt.count),
                    Int32(iterations), EVP_sha256(), Int32(output.count), &output
                )
            }
        }
        guard status == 1 else { throw .libraryFailure("PKCS5_PBKDF2_HMAC") }
        return output
    }
}
