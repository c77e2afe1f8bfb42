import CLibCrypto

/// AES-256-GCM fetched from the default provider once. `EVP_aes_256_gcm()` makes
/// OpenSSL 3 look the algorithm up again on every initialisation, which at 1 KiB
/// costs more than the encryption.
final class AESGCMCipher: @unchecked Sendable {
    static let shared = AESGCMCipher()

    /// Immutable once fetched; libcrypto's cipher objects may be shared between threads.
    let cipher: OpaquePointer?

    private init() {
        cipher = EVP_CIPHER_fetch(nil, "AES-256-GCM", nil) ?? EVP_aes_256_gcm()
    }
}
