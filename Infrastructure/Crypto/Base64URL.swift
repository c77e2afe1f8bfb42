#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Base64url without padding (RFC 4648 §5), as tokens and a JWK's `k` travel: the
/// standard alphabet's `+` and `/` become `-` and `_`, and the `=` padding goes.
/// Byte by byte, since string replacing is not in FoundationEssentials.
enum Base64URL {
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let standard = Data(bytes).base64EncodedString().utf8
        return String(decoding: standard.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "="): nil
            default: byte
            }
        }, as: UTF8.self)
    }

    /// The bytes of base64url text without padding, or nil when it is not that: any
    /// character outside the alphabet, padding, or a length no encoding has.
    static func decode(_ text: String) -> [UInt8]? {
        var standard: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"): standard.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): standard.append(UInt8(ascii: "/"))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                standard.append(byte)
            default: return nil
            }
        }
        guard standard.count % 4 != 1 else { return nil }
        standard += [UInt8](repeating: UInt8(ascii: "="), count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: Data(standard)).map { Array($0) }
    }
}
