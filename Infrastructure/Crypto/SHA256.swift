import CLibCrypto

/// SHA-256 through libcrypto's one-shot `EVP_Digest`, e.g. to turn a cache key into a file name.
public enum SHA256 {
    public static func hash(_ bytes: [UInt8]) throws(CryptoError) -> [UInt8] {
        let length = try Int32(libcryptoLength: bytes.count)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var digestLength: UInt32 = 0
        guard EVP_Digest(bytes, Int(length), &digest, &digestLength, EVP_sha256(), nil) == 1, digestLength == 32 else {
            throw .libraryFailure("EVP_Digest")
        }
        return Array(digest.prefix(32))
    }

    /// The digest as 64 lowercase hex digits.
    public static func hexDigest(of bytes: [UInt8]) throws(CryptoError) -> String {
        hex(try hash(bytes))
    }

    /// A digest already taken, as lowercase hex digits.
    public static func hex(_ digest: [UInt8]) -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [hexDigits[Int($0 >> 4)], hexDigits[Int($0 & 0x0f)]] }, as: UTF8.self)
    }
}
