import CLibCrypto

/// AES-GCM fetched from the default provider once per key size. `EVP_aes_256_gcm()`
/// makes OpenSSL 3 look the algorithm up again on every initialisation, which at 1 KiB
/// costs more than the encryption.
final class AESGCMCipher: @unchecked Sendable {
    /// AES-256-GCM: the cipher of every sealed message's payload.
    static let shared = AESGCMCipher(name: "AES-256-GCM", fallback: EVP_aes_256_gcm())
    /// AES-128-GCM: HPKE's AEAD 0x0001, offered so RFC 9458's own example can be checked.
    static let aes128 = AESGCMCipher(name: "AES-128-GCM", fallback: EVP_aes_128_gcm())

    /// Immutable once fetched; libcrypto's cipher objects may be shared between threads.
    let cipher: OpaquePointer?

    private init(name: String, fallback: OpaquePointer?) {
        cipher = EVP_CIPHER_fetch(nil, name, nil) ?? fallback
    }

    /// The cipher for a key of `byteCount` bytes: 16 or 32.
    static func forKey(byteCount: Int) throws(CryptoError) -> AESGCMCipher {
        switch byteCount {
        case 16: aes128
        case 32: shared
        default: throw .invalidKeyLength(byteCount)
        }
    }
}
