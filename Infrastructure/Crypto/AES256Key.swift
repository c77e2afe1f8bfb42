import CLibCrypto
import Foundation

/// A 256-bit AES key. It can only exist with exactly 32 bytes, and it never prints them.
public struct AES256Key: Sendable, Equatable {
    public static let byteCount = 32
    /// Standard base64 of 32 bytes: 43 data characters and one `=`.
    public static let base64Length = 44

    let bytes: [UInt8]

    /// Fails unless exactly 32 bytes are given.
    public init(bytes: some Collection<UInt8>) throws(CryptoError) {
        guard bytes.count == AES256Key.byteCount else {
            throw .invalidKeyLength(bytes.count)
        }
        self.bytes = Array(bytes)
    }

    /// Reads a key written as standard base64 (PROTOCOL.md): 44 characters, decoding to
    /// 32 bytes. Surrounding whitespace is ignored because key files end with a newline.
    /// Errors say what is wrong with the text without repeating any of it.
    public init(base64 text: String) throws(CryptoError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count == AES256Key.base64Length else {
            throw .malformedKey(
                reason: "expected \(AES256Key.base64Length) characters of standard base64 (32 bytes), found \(trimmed.count)"
            )
        }
        if trimmed.contains(where: { $0 == "-" || $0 == "_" }) {
            throw .malformedKey(reason: "it uses the URL-safe base64 alphabet (- and _); use standard base64 (+ and /)")
        }
        guard let decoded = Data(base64Encoded: trimmed) else {
            throw .malformedKey(reason: "it is not valid standard base64")
        }
        try self.init(bytes: decoded)
    }

    /// A fresh key from the secure random generator.
    public static func random() throws(CryptoError) -> AES256Key {
        try AES256Key(bytes: SecureRandom.bytes(byteCount))
    }

    /// The key as standard base64, for writing a key file the user owns. Handle with care.
    public var base64EncodedString: String {
        Data(bytes).base64EncodedString()
    }
}

extension AES256Key: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "AES256Key(<redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }
}
