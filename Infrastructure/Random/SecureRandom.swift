import CLibCrypto

/// Bytes from OpenSSL's CSPRNG (`RAND_bytes`), for nonces, keys and tokens.
public enum SecureRandom {
    /// `count` unpredictable bytes, or an error: never a half-filled or predictable buffer.
    public static func bytes(_ count: Int) throws(CryptoError) -> [UInt8] {
        guard count > 0 else { return [] }
        guard let length = Int32(exactly: count) else { throw .inputTooLarge(count) }
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, length) == 1 else {
            throw .randomGenerationFailed
        }
        return bytes
    }
}
