import CLibCrypto

/// The one AES-GCM message routine under every caller: HPKE's seal and open, and
/// Oblivious HTTP's response, each with a key and nonce of its key schedule's making. A
/// context is handed in already set to the key and nonce; this adds the associated
/// data, runs the cipher and handles the tag.
enum GCM {
    static let tagByteCount = 16
    /// The only nonce length used: HPKE's `Nn` for both AES-GCM suites (RFC 9180 7.3).
    static let nonceByteCount = 12

    /// `ciphertext || tag`, written straight into one array: no zero-filled buffer, no
    /// second copy. At 1 MiB a copy costs as much as the cipher.
    static func seal(_ plaintext: [UInt8], associatedData: [UInt8], in context: OpaqueContext) throws(CryptoError) -> [UInt8] {
        let plaintextLength = try Int32(libcryptoLength: plaintext.count)
        try addAssociatedData(associatedData, to: context)

        var failure: CryptoError?
        let sealed = [UInt8](unsafeUninitializedCapacity: plaintext.count + tagByteCount) { buffer, count in
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
                    EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_GET_TAG, Int32(tagByteCount), output + plaintext.count),
                    "EVP_CTRL_GCM_GET_TAG"
                )
                count = buffer.count
            } catch {
                failure = error
                count = 0
            }
        }
        if let failure { throw failure }
        return sealed
    }

    /// The whole plaintext of `sealed` (`ciphertext || tag`) if its tag verifies, else an
    /// error and no output: the ciphertext is decrypted straight into the result, which
    /// is wiped on every failure, so no unauthenticated byte reaches a caller.
    static func open(_ sealed: [UInt8], associatedData: [UInt8], in context: OpaqueContext) throws(CryptoError) -> [UInt8] {
        guard sealed.count >= tagByteCount else { throw .messageTooShort(sealed.count) }
        let ciphertextCount = sealed.count - tagByteCount
        let ciphertextLength = try Int32(libcryptoLength: ciphertextCount)
        var tag = Array(sealed[ciphertextCount...])
        try addAssociatedData(associatedData, to: context)

        var failure: CryptoError?
        // At least one byte of capacity: with none, the standard library hands out its one
        // shared empty array and writes the count into it, which two threads opening empty
        // messages at once do together (ThreadSanitizer reports it as a race).
        let plaintext = [UInt8](unsafeUninitializedCapacity: max(ciphertextCount, 1)) { buffer, count in
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
        return plaintext
    }

    /// Authenticates `bytes` without encrypting them; a nil output buffer tells EVP so.
    private static func addAssociatedData(_ bytes: [UInt8], to context: OpaqueContext) throws(CryptoError) {
        let length = try Int32(libcryptoLength: bytes.count)
        guard length > 0 else { return }
        var written: Int32 = 0
        guard EVP_CipherUpdate(context.pointer, nil, &written, bytes, length) == 1 else {
            throw .libraryFailure("EVP_CipherUpdate(aad)")
        }
    }

    private static func check(_ status: Int32, _ call: String) throws(CryptoError) {
        guard status == 1 else { throw .libraryFailure(call) }
    }
}
