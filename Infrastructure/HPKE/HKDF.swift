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
        guard let context = HKDFAlgorithm.shared.kdf.flatMap({ EVP_KDF_CTX_new($0) }) else { throw .libraryFailure("EVP_KDF_CTX_new(HKDF)") }
        defer { EVP_KDF_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: length)
        var mode = mode
        var digest = HKDFAlgorithm.digestName
        // Each parameter points into its value only while the call runs, and names it
        // with a literal, whose bytes never move. A salt or info left out is empty.
        let derived = withUnsafeMutablePointer(to: &mode) { mode in
            digest.withUnsafeMutableBufferPointer { digest in
                key.withUnsafeBytes { key in
                    salt.withUnsafeBytes { salt in
                        info.withUnsafeBytes { info in
                            var parameters = [
                                OSSL_PARAM_construct_utf8_string(cName("digest"), digest.baseAddress, 0),
                                OSSL_PARAM_construct_int(cName("mode"), mode),
                            ]
                            for (name, bytes): (StaticString, UnsafeRawBufferPointer) in [("key", key), ("salt", salt), ("info", info)] where !bytes.isEmpty {
                                parameters.append(OSSL_PARAM_construct_octet_string(cName(name), UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count))
                            }
                            parameters.append(OSSL_PARAM_construct_end())
                            return EVP_KDF_derive(context, &output, length, parameters) == 1
                        }
                    }
                }
            }
        }
        guard derived else {
            output.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) }
            throw .libraryFailure("EVP_KDF_derive(HKDF)")
        }
        return output
    }

    /// A parameter's name as C reads it: a literal's bytes, NUL-terminated, never moved.
    private static func cName(_ name: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}

/// HKDF fetched from the default provider once: a context made from nothing
/// (`EVP_PKEY_CTX_new_id`) has OpenSSL 3 look the KDF up again on every call, and HPKE
/// makes about ten calls for each request and its answer.
private final class HKDFAlgorithm: @unchecked Sendable {
    static let shared = HKDFAlgorithm()
    /// The digest HKDF runs on, as its parameter names it.
    static let digestName = Array("SHA256".utf8CString)

    /// Immutable once fetched; libcrypto's KDF objects may be shared between threads.
    let kdf: OpaquePointer?

    private init() {
        kdf = EVP_KDF_fetch(nil, "HKDF", nil)
    }
}
