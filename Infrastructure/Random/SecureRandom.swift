import CLibCrypto
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// `count` (at most 256) unpredictable bytes straight from the kernel's generator
    /// (`getentropy`, which OpenSSL's DRBG itself seeds from), for a value that must be
    /// unique and unguessable but keys and encrypts nothing. Setting up OpenSSL's DRBG
    /// (SP 800-90A) costs a process some 5 million instructions; a command that only
    /// reads need not pay it, while every nonce that is an AES-GCM IV still comes from
    /// `bytes`.
    public static func kernelBytes(_ count: Int) throws(CryptoError) -> [UInt8] {
        guard (0...256).contains(count) else { throw .inputTooLarge(count) }
        var bytes = [UInt8](repeating: 0, count: count)
        guard getentropy(&bytes, count) == 0 else { throw .randomGenerationFailed }
        return bytes
    }
}
