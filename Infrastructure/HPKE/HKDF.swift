import CLibCrypto

/// HKDF with SHA-256 (RFC 5869) through libcrypto's HKDF, its two steps apart, as HPKE
/// (RFC 9180 section 4) and Oblivious HTTP's response key (RFC 9458 section 4.4) use them.
enum HKDFSHA256 {
    /// SHA-256's output length, HPKE's `Nh`.
    static let hashByteCount = 32

    /// The pseudorandom key of `inputKeyMaterial` under `salt`. An empty salt is read as
    /// `Nh` zero bytes, as RFC 5869 section 2.2 says: HMAC pads its key with zeros anyway.
    static func extract(salt: [UInt8], inputKeyMaterial: [UInt8]) throws(CryptoError) -> [UInt8] {
        try derive(mode: "EXTRACT_ONLY", key: inputKeyMaterial, salt: salt, info: [], length: hashByteCount)
    }

    /// `length` bytes of output keying material from `pseudorandomKey` and `info`.
    static func expand(pseudorandomKey: [UInt8], info: [UInt8], length: Int) throws(CryptoError) -> [UInt8] {
        guard length > 0, length <= 255 * hashByteCount else { throw .libraryFailure("HKDF-Expand length \(length)") }
        return try derive(mode: "EXPAND_ONLY", key: pseudorandomKey, salt: [], info: info, length: length)
    }

    /// One HKDF step: `mode` is `EXTRACT_ONLY` or `EXPAND_ONLY`, as libcrypto names them.
    private static func derive(mode: StaticString, key: [UInt8], salt: [UInt8], info: [UInt8], length: Int) throws(CryptoError) -> [UInt8] {
        guard let context = HKDFAlgorithm.shared.kdf.flatMap({ EVP_KDF_CTX_new($0) }) else { throw .libraryFailure("EVP_KDF_CTX_new(HKDF)") }
        defer { EVP_KDF_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: length)
        // Each parameter points into its value only while the call runs; names and texts
        // are literals, whose bytes never move. A salt or info left out is empty.
        let derived = key.withUnsafeBytes { key in
            salt.withUnsafeBytes { salt in
                info.withUnsafeBytes { info in
                    var parameters = [
                        OSSL_PARAM_construct_utf8_string(cString("digest"), mutableCString("SHA256"), 0),
                        OSSL_PARAM_construct_utf8_string(cString("mode"), mutableCString(mode), 0),
                    ]
                    for (name, bytes): (StaticString, UnsafeRawBufferPointer) in [("key", key), ("salt", salt), ("info", info)] where !bytes.isEmpty {
                        parameters.append(OSSL_PARAM_construct_octet_string(cString(name), UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count))
                    }
                    parameters.append(OSSL_PARAM_construct_end())
                    return EVP_KDF_derive(context, &output, length, parameters) == 1
                }
            }
        }
        guard derived else {
            output.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) }
            throw .libraryFailure("EVP_KDF_derive(HKDF)")
        }
        return output
    }

    /// A literal as C reads it: its bytes, NUL-terminated, never moved.
    private static func cString(_ literal: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// A literal for a parameter whose C type is not `const`; libcrypto only reads it.
    private static func mutableCString(_ literal: StaticString) -> UnsafeMutablePointer<CChar> {
        UnsafeMutablePointer(mutating: cString(literal))
    }
}

/// HKDF fetched from the default provider once: a context made from nothing
/// (`EVP_PKEY_CTX_new_id`) has OpenSSL 3 look the KDF up again on every call, and HPKE
/// makes about ten calls for each request and its answer.
private final class HKDFAlgorithm: @unchecked Sendable {
    static let shared = HKDFAlgorithm()

    /// Immutable once fetched; libcrypto's KDF objects may be shared between threads.
    let kdf: OpaquePointer?

    private init() {
        kdf = EVP_KDF_fetch(nil, "HKDF", nil)
    }
}
