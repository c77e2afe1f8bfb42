/// Opaque, unguessable tokens: 32 bytes (256 bits) from the secure generator, written
/// as URL-safe base64 without padding so they travel in headers and JSON unescaped.
public enum RandomToken {
    public static func make(byteCount: Int = 32) throws(CryptoError) -> String {
        Base64URL.encode(try SecureRandom.bytes(byteCount))
    }
}
