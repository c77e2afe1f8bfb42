import Foundation
import Infrastructure

extension PayloadKey {
    /// A fresh random key with a fresh id, as `storefront serve` makes one.
    public static func fresh() throws -> PayloadKey {
        try PayloadKey.random(madeAt: Int64(Date().timeIntervalSince1970))
    }

    /// The key's JWK text, as a key file or `STOREFRONT_PAYLOAD_KEY` holds it.
    public var jwk: String { JSONWebKey.text(of: self) }

    /// The key's bytes as text in either base64 alphabet: what must never leak.
    public var secretTexts: [String] {
        let standard = key.base64EncodedString
        let url = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return [standard, url]
    }
}
