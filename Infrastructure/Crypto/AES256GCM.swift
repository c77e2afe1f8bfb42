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
    ///
    /// The ciphertext and tag are written straight into the message's one array: no
    /// zero-filled buffer, no second copy. At 1 MiB a copy costs as much as the cipher.
    static func seal(
        _ plaintext: [UInt8],
        associatedData: [UInt8],
        using key: AES256Key,
        nonce: GCMNonce
    ) throws(CryptoError) -> SealedMessage {
        let plaintextLength = try checkedLength(plaintext.count)
        let associatedDataLength = try checkedLength(associatedData.count)
        let context = try key.takeContext(encrypting: true, nonce: nonce)
        try addAssociatedData(associatedData, length: associatedDataLength, to: context)

        var failure: CryptoError?
        let sealed = [UInt8](unsafeUninitializedCapacity: plaintext.count + SealedMessage.tagByteCount) { buffer, count in
            do throws(CryptoError) {
                guard let output = buffer.baseAddress else { throw .libraryFailure("no output buffer") }
                var written: Int32 = 0
                if plaintextLength > 0 {
                    try check(EVP_EncryptUpdate(context.pointer, output, &written, plaintext, plaintextLength), "EVP_EncryptUpdate")
                    // GCM is a stream mode: the ciphertext is exactly as long as the plaintext.
                    guard written == plaintextLength else { throw .libraryFailure("EVP_EncryptUpdate length") }
                }
                try check(EVP_EncryptFinal_ex(context.pointer, output + plaintext.count, &written), "EVP_EncryptFinal_ex")
                guard written == 0 else { throw .libraryFailure("EVP_EncryptFinal_ex length") }
                try check(
                    EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_GET_TAG, Int32(SealedMessage.tagByteCount), output + plaintext.count),
                    "EVP_CTRL_GCM_GET_TAG"
                )
                count = buffer.count
            } catch {
                failure = error
                count = 0
            }
        }
        if let failure { throw failure }
        key.recycle(context, encrypting: true)
        return SealedMessage(nonce: nonce, ciphertextAndTag: sealed)
    }

    /// Opens a sealed message: the whole plaintext if the tag verifies for this key,
    /// nonce and associated data, otherwise an error and no output at all.
    ///
    /// The ciphertext is read where it lies and decrypted straight into the result.
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
        var tag = Array(sealed[ciphertextCount...])
        let context = try key.takeContext(encrypting: false, nonce: message.nonce)
        try addAssociatedData(associatedData, length: associatedDataLength, to: context)

        var failure: CryptoError?
        let plaintext = [UInt8](unsafeUninitializedCapacity: ciphertextCount) { buffer, count in
            // From here on `buffer` may hold unauthenticated bytes: wipe it on every failure.
            func fail(_ error: CryptoError) {
                if let base = buffer.baseAddress { OPENSSL_cleanse(base, buffer.count) }
                failure = error
                count = 0
            }
            var written: Int32 = 0
            if ciphertextLength > 0 {
                let decrypted = sealed.withUnsafeBufferPointer { ciphertext in
                    EVP_DecryptUpdate(context.pointer, buffer.baseAddress, &written, ciphertext.baseAddress, ciphertextLength)
                }
                guard decrypted == 1, written == ciphertextLength else { return fail(.libraryFailure("EVP_DecryptUpdate")) }
            }
            guard EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_TAG, Int32(tag.count), &tag) == 1 else {
                return fail(.libraryFailure("EVP_CTRL_GCM_SET_TAG"))
            }
            var finalBlock = [UInt8](repeating: 0, count: 16)
            // DecryptFinal is where GCM compares tags; anything but 1 means "not authentic".
            guard EVP_DecryptFinal_ex(context.pointer, &finalBlock, &written) == 1, written == 0 else {
                return fail(.authenticationFailed)
            }
            count = ciphertextCount
        }
        if let failure { throw failure }
        key.recycle(context, encrypting: false)
        return plaintext
    }

    /// Authenticates `bytes` without encrypting them; a nil output buffer tells EVP so.
    private static func addAssociatedData(_ bytes: [UInt8], length: Int32, to context: OpaqueContext) throws(CryptoError) {
        guard length > 0 else { return }
        var written: Int32 = 0
        guard EVP_CipherUpdate(context.pointer, nil, &written, bytes, length) == 1 else {
            throw .libraryFailure("EVP_CipherUpdate(aad)")
        }
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
