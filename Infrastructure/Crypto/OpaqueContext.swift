import CLibCrypto

/// One `EVP_CIPHER_CTX` for AES-GCM, set to one message's key and nonce, freed (and its
/// key schedule wiped) on release.
final class OpaqueContext: @unchecked Sendable {
    /// Used by the one message it was made for, and then let go.
    let pointer: OpaquePointer

    /// AES-128-GCM or AES-256-GCM by the key's length (16 or 32 bytes). The nonce is
    /// checked here because libcrypto is told it is 12 bytes and would read that many
    /// from whatever it is given.
    init(encrypting: Bool, key: UnsafeBufferPointer<UInt8>, nonce: [UInt8]) throws(CryptoError) {
        guard nonce.count == GCM.nonceByteCount else { throw .invalidNonceLength(nonce.count) }
        let cipher = try AESGCMCipher.forKey(byteCount: key.count)
        guard let pointer = EVP_CIPHER_CTX_new() else {
            throw .libraryFailure("EVP_CIPHER_CTX_new")
        }
        self.pointer = pointer
        let direction: Int32 = encrypting ? 1 : 0
        guard EVP_CipherInit_ex(pointer, cipher.cipher, nil, nil, nil, direction) == 1 else {
            throw .libraryFailure("EVP_CipherInit_ex")
        }
        guard EVP_CIPHER_CTX_ctrl(pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(GCM.nonceByteCount), nil) == 1 else {
            throw .libraryFailure("EVP_CTRL_GCM_SET_IVLEN")
        }
        guard EVP_CipherInit_ex(pointer, nil, nil, key.baseAddress, nonce, direction) == 1 else {
            throw .libraryFailure("EVP_CipherInit_ex(key)")
        }
    }

    deinit {
        EVP_CIPHER_CTX_free(pointer)
    }
}
