import CLibCrypto

/// AES-256-GCM over OpenSSL's EVP interface: seal with a fresh nonce, open all or nothing.
///
/// Every EVP return value is checked. `open` returns the whole plaintext only after
/// the tag verifies; on any failure the buffer it decrypted into is wiped and an
/// error is thrown, so no byte of an unauthenticated message ever reaches a caller.
public enum AES256GCM {
    /// Seals `plaintext` under `key` with a fresh random nonce, binding `associatedData`
    /// (authenticated, not encrypted) to it.
    public static func seal(
        _ plaintext: [UInt8],
        associatedData: [UInt8] = [],
        using key: AES256Key
    ) throws(CryptoError) -> SealedMessage {
        try seal(plaintext, associatedData: associatedData, using: key, nonce: GCMNonce.random())
    }

    /// Seals with a caller-chosen nonce. Internal on purpose: only known-answer tests may
    /// pick a nonce, because reusing one under a key breaks GCM.
    static func seal(
        _ plaintext: [UInt8],
        associatedData: [UInt8],
        using key: AES256Key,
        nonce: GCMNonce
    ) throws(CryptoError) -> SealedMessage {
        let plaintextLength = try checkedLength(plaintext.count)
        let associatedDataLength = try checkedLength(associatedData.count)
        let context = try CipherContext()

        try check(EVP_EncryptInit_ex(context.pointer, EVP_aes_256_gcm(), nil, nil, nil), "EVP_EncryptInit_ex")
        try check(
            EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(GCMNonce.byteCount), nil),
            "EVP_CTRL_GCM_SET_IVLEN"
        )
        try key.withUnsafeKeyPointer { keyBytes throws(CryptoError) in
            try check(EVP_EncryptInit_ex(context.pointer, nil, nil, keyBytes, nonce.bytes), "EVP_EncryptInit_ex")
        }

        var written: Int32 = 0
        if associatedDataLength > 0 {
            // A nil output buffer tells EVP that these bytes are associated data.
            try check(
                EVP_EncryptUpdate(context.pointer, nil, &written, associatedData, associatedDataLength),
                "EVP_EncryptUpdate(aad)"
            )
        }
        // GCM is a stream mode: the ciphertext is exactly as long as the plaintext.
        var output = [UInt8](repeating: 0, count: plaintext.count + SealedMessage.tagByteCount)
        if plaintextLength > 0 {
            try check(
                EVP_EncryptUpdate(context.pointer, &output, &written, plaintext, plaintextLength),
                "EVP_EncryptUpdate"
            )
            guard written == plaintextLength else { throw .libraryFailure("EVP_EncryptUpdate length") }
        }
        var finalBlock = [UInt8](repeating: 0, count: 16)
        try check(EVP_EncryptFinal_ex(context.pointer, &finalBlock, &written), "EVP_EncryptFinal_ex")
        guard written == 0 else { throw .libraryFailure("EVP_EncryptFinal_ex length") }

        var tag = [UInt8](repeating: 0, count: SealedMessage.tagByteCount)
        try check(
            EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_GET_TAG, Int32(SealedMessage.tagByteCount), &tag),
            "EVP_CTRL_GCM_GET_TAG"
        )
        output.replaceSubrange(plaintext.count..., with: tag)
        return SealedMessage(nonce: nonce, ciphertextAndTag: output)
    }

    /// Opens a sealed message: the whole plaintext if the tag verifies for this key,
    /// nonce and associated data, otherwise an error and no output at all.
    public static func open(
        _ message: SealedMessage,
        associatedData: [UInt8] = [],
        using key: AES256Key
    ) throws(CryptoError) -> [UInt8] {
        let sealed = message.ciphertextAndTag
        guard sealed.count >= SealedMessage.tagByteCount else {
            throw .messageTooShort(sealed.count)
        }
        let ciphertextCount = sealed.count - SealedMessage.tagByteCount
        let ciphertextLength = try checkedLength(ciphertextCount)
        let associatedDataLength = try checkedLength(associatedData.count)
        let ciphertext = Array(sealed[..<ciphertextCount])
        var tag = Array(sealed[ciphertextCount...])
        let context = try CipherContext()

        try check(EVP_DecryptInit_ex(context.pointer, EVP_aes_256_gcm(), nil, nil, nil), "EVP_DecryptInit_ex")
        try check(
            EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(GCMNonce.byteCount), nil),
            "EVP_CTRL_GCM_SET_IVLEN"
        )
        try key.withUnsafeKeyPointer { keyBytes throws(CryptoError) in
            try check(EVP_DecryptInit_ex(context.pointer, nil, nil, keyBytes, message.nonce.bytes), "EVP_DecryptInit_ex")
        }

        var written: Int32 = 0
        if associatedDataLength > 0 {
            try check(
                EVP_DecryptUpdate(context.pointer, nil, &written, associatedData, associatedDataLength),
                "EVP_DecryptUpdate(aad)"
            )
        }
        var plaintext = [UInt8](repeating: 0, count: ciphertextCount)
        // From here on `plaintext` may hold unauthenticated bytes: wipe it on every failure.
        func fail(_ error: CryptoError) -> CryptoError {
            plaintext.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) }
            plaintext.removeAll()
            return error
        }
        if ciphertextLength > 0 {
            guard EVP_DecryptUpdate(context.pointer, &plaintext, &written, ciphertext, ciphertextLength) == 1,
                  written == ciphertextLength else {
                throw fail(.libraryFailure("EVP_DecryptUpdate"))
            }
        }
        guard EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_TAG, Int32(tag.count), &tag) == 1 else {
            throw fail(.libraryFailure("EVP_CTRL_GCM_SET_TAG"))
        }
        var finalBlock = [UInt8](repeating: 0, count: 16)
        // DecryptFinal is where GCM compares tags; anything but 1 means "not authentic".
        guard EVP_DecryptFinal_ex(context.pointer, &finalBlock, &written) == 1, written == 0 else {
            throw fail(.authenticationFailed)
        }
        return plaintext
    }

    /// libcrypto takes every length as a C `int`; refuse what does not fit before any work.
    static func checkedLength(_ count: Int) throws(CryptoError) -> Int32 {
        guard let length = Int32(exactly: count) else { throw .inputTooLarge(count) }
        return length
    }

    private static func check(_ status: Int32, _ call: String) throws(CryptoError) {
        guard status == 1 else { throw .libraryFailure(call) }
    }
}

/// Owns one `EVP_CIPHER_CTX` and frees it (which also wipes its key schedule) when done.
private final class CipherContext {
    let pointer: OpaquePointer

    init() throws(CryptoError) {
        guard let pointer = EVP_CIPHER_CTX_new() else {
            throw .libraryFailure("EVP_CIPHER_CTX_new")
        }
        self.pointer = pointer
    }

    deinit {
        EVP_CIPHER_CTX_free(pointer)
    }
}
