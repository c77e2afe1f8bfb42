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
        let context = try key.takeContext(encrypting: true, nonce: nonce)
        let sealed = try GCM.seal(plaintext, associatedData: associatedData, in: context)
        key.recycle(context, encrypting: true)
        return SealedMessage(nonce: nonce, ciphertextAndTag: sealed)
    }

    /// Opens a sealed message: the whole plaintext if the tag verifies for this key,
    /// nonce and associated data, otherwise an error and no output at all.
    public static func open(
        _ message: SealedMessage,
        associatedData: [UInt8] = [],
        using key: AES256Key
    ) throws(CryptoError) -> [UInt8] {
        guard message.ciphertextAndTag.count >= SealedMessage.tagByteCount else {
            throw .messageTooShort(message.ciphertextAndTag.count)
        }
        let context = try key.takeContext(encrypting: false, nonce: message.nonce)
        let plaintext = try GCM.open(message.ciphertextAndTag, associatedData: associatedData, in: context)
        key.recycle(context, encrypting: false)
        return plaintext
    }

    /// libcrypto takes every length as a C `int`; refuse what does not fit before any work.
    static func checkedLength(_ count: Int) throws(CryptoError) -> Int32 {
        guard let length = Int32(exactly: count) else { throw .inputTooLarge(count) }
        return length
    }
}
