import CLibCrypto

/// HKDF with SHA-256 (RFC 5869) through libcrypto's HKDF, its two steps apart, as HPKE
/// (RFC 9180 section 4) and Oblivious HTTP's response key (RFC 9458 section 4.4) use them.
enum HKDFSHA256 {
    /// SHA-256's output length, HPKE's `Nh`.
    static let hashByteCount = 32

    /// The pseudorandom key of `inputKeyMaterial` under `salt`. An empty salt is read as
    /// `Nh` zero bytes, as RFC 5869 section 2.2 says: HMAC pads its key with zeros anyway.
    static func extract(salt: [UInt8], inputKeyMaterial: [UInt8]) throws(CryptoError) -> [UInt8] {
        try derive(mode: EVP_PKEY_HKDEF_MODE_EXTRACT_ONLY, key: inputKeyMaterial, salt: salt, info: [], length: hashByteCount)
    }

    /// `length` bytes of output keying material from `pseudorandomKey` and `info`.
    static func expand(pseudorandomKey: [UInt8], info: [UInt8], length: Int) throws(CryptoError) -> [UInt8] {
        guard length > 0, length <= 255 * hashByteCount else { throw .libraryFailure("HKDF-Expand length \(length)") }
        return try derive(mode: EVP_PKEY_HKDEF_MODE_EXPAND_ONLY, key: pseudorandomKey, salt: [], info: info, length: length)
    }

    private static func derive(mode: Int32, key: [UInt8], salt: [UInt8], info: [UInt8], length: Int) throws(CryptoError) -> [UInt8] {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nil) else { throw .libraryFailure("EVP_PKEY_CTX_new_id(HKDF)") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_derive_init(context) == 1,
              EVP_PKEY_CTX_set_hkdf_md(context, EVP_sha256()) == 1,
              EVP_PKEY_CTX_set_hkdf_mode(context, mode) == 1
        else { throw .libraryFailure("EVP_PKEY_derive_init(HKDF)") }
        let keyLength = try Int32(libcryptoLength: key.count)
        guard EVP_PKEY_CTX_set1_hkdf_key(context, key, keyLength) == 1 else { throw .libraryFailure("EVP_PKEY_CTX_set1_hkdf_key") }
        if !salt.isEmpty {
            let saltLength = try Int32(libcryptoLength: salt.count)
            guard EVP_PKEY_CTX_set1_hkdf_salt(context, salt, saltLength) == 1 else { throw .libraryFailure("EVP_PKEY_CTX_set1_hkdf_salt") }
        }
        if !info.isEmpty {
            let infoLength = try Int32(libcryptoLength: info.count)
            guard EVP_PKEY_CTX_add1_hkdf_info(context, info, infoLength) == 1 else { throw .libraryFailure("EVP_PKEY_CTX_add1_hkdf_info") }
        }
        var output = [UInt8](repeating: 0, count: length)
        var written = length
        guard EVP_PKEY_derive(context, &output, &written) == 1, written == length else {
            output.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) }
            throw .libraryFailure("EVP_PKEY_derive(HKDF)")
        }
        return output
    }
}
