import Foundation

/// Opaque, unguessable tokens: 32 bytes (256 bits) from the secure generator, written
/// as URL-safe base64 without padding so they travel in headers and JSON unescaped.
public enum RandomToken {
    public static func make(byteCount: Int = 32) throws(CryptoError) -> String {
        Data(try SecureRandom.bytes(byteCount)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
