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
}
