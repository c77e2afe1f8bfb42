import CLibCrypto

/// One `EVP_CIPHER_CTX` for AES-GCM, freed (and its key schedule wiped) on release.
final class OpaqueContext: @unchecked Sendable {
    /// Used by one message at a time: the pool hands it to one caller until it is recycled.
    let pointer: OpaquePointer

    init(
        encrypting: Bool,
        key: UnsafePointer<UInt8>?,
        nonce: [UInt8],
        cipher: AESGCMCipher = .shared
    ) throws(CryptoError) {
        guard let pointer = EVP_CIPHER_CTX_new() else {
            throw .libraryFailure("EVP_CIPHER_CTX_new")
        }
        self.pointer = pointer
        let direction: Int32 = encrypting ? 1 : 0
        guard EVP_CipherInit_ex(pointer, cipher.cipher, nil, nil, nil, direction) == 1 else {
            throw .libraryFailure("EVP_CipherInit_ex")
        }
        guard EVP_CIPHER_CTX_ctrl(pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(GCMNonce.byteCount), nil) == 1 else {
            throw .libraryFailure("EVP_CTRL_GCM_SET_IVLEN")
        }
        guard EVP_CipherInit_ex(pointer, nil, nil, key, nonce, direction) == 1 else {
            throw .libraryFailure("EVP_CipherInit_ex(key)")
        }
    }

    deinit {
        EVP_CIPHER_CTX_free(pointer)
    }
}
