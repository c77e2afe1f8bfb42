import CLibCrypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Payload keys as text: a key with its id is a JSON Web Key (RFC 7517) and a key
/// ring a JWK Set, so a key file is a published format that other tools read and
/// write, rather than one of our own. A key is `{"kty":"oct","kid":…,"alg":"A256GCM",
/// "k":…}` with `k` the 32 bytes in base64url without padding (RFC 7518 section 6.4);
/// a ring's keys may carry `exp` (seconds since 1970), the time after which the server
/// no longer accepts that key. Errors name what is wrong and never repeat a key.
public enum JSONWebKey {
    /// The single key in `text`, as a client's key file or variable holds it.
    public static func key(from text: String) throws(CryptoError) -> PayloadKey {
        let document = try decode(text)
        guard document.keys == nil else {
            throw .malformedKey(reason: "it is a key ring (a JWK Set), which the server keeps; a client takes the current key alone, as `storefront serve` writes it")
        }
        return try document.member().payloadKey()
    }

    /// The ring in `text`, a JWK Set whose first key is the current one. A single key
    /// is read as a ring of one, so a server can be started with a client's key file.
    public static func ring(from text: String) throws(CryptoError) -> PayloadKeyRing {
        let document = try decode(text)
        guard let keys = document.keys else { return try PayloadKeyRing(current: try document.member().payloadKey()) }
        guard let first = keys.first else { throw .malformedKey(reason: "the key set holds no key") }
        guard first.exp == nil else {
            throw .malformedKey(reason: "the first key of the set is the current one and takes no exp")
        }
        var previous: [PayloadKeyRing.Entry] = []
        for member in keys.dropFirst() {
            guard let exp = member.exp else { throw .malformedKey(reason: "every key after the first needs an exp") }
            previous.append(.init(key: try member.payloadKey(), notAfter: exp))
        }
        return try PayloadKeyRing(current: try first.payloadKey(), previous: previous)
    }

    /// `key` as one line of JSON and a newline: what a client's key file holds.
    public static func text(of key: PayloadKey) -> String {
        line(for: key, notAfter: nil) + "\n"
    }

    /// `ring` as a JWK Set, one key a line, current first.
    public static func text(of ring: PayloadKeyRing) -> String {
        let lines = ring.entries.map { "  " + line(for: $0.key, notAfter: $0.notAfter) }
        return "{\"keys\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// The id is checked to need no escaping, so the JSON is written as it reads.
    private static func line(for key: PayloadKey, notAfter: Int64?) -> String {
        let exp = notAfter.map { ",\"exp\":\($0)" } ?? ""
        return "{\"kty\":\"oct\",\"kid\":\"\(key.id)\",\"alg\":\"A256GCM\",\"k\":\"\(key.key.base64URLEncodedString)\"\(exp)}"
    }

    /// The text read once, as a key or a set: every command that seals reads its key at
    /// start-up, and each decoder pass over a new type costs the Swift runtime's
    /// conformance lookups.
    private static func decode(_ text: String) throws(CryptoError) -> Document {
        // Byte by byte: Foundation's trimming costs a sealed command's start-up more than
        // the rest of reading its key.
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        let bytes = Array(text.utf8)
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? start
        let trimmed = bytes[start..<max(start, end)]
        if trimmed.count == AES256Key.base64Length, trimmed.first != UInt8(ascii: "{") {
            throw .malformedKey(reason: "it is a bare base64 key, without the id version 2 of the sealed layer needs; use the JWK file `storefront serve` writes")
        }
        do {
            return try JSONDecoder().decode(Document.self, from: Data(text.utf8))
        } catch {
            throw .malformedKey(reason: "it is not a JSON Web Key (RFC 7517) with kty, kid and k, nor a set of them")
        }
    }

    /// A JWK's members, or a JWK Set's `keys`, as written.
    private struct Document: Decodable {
        let kty: String?
        let kid: String?
        let alg: String?
        let use: String?
        let k: String?
        let keys: [Member]?

        func member() throws(CryptoError) -> Member {
            guard let kty, let k else { throw .malformedKey(reason: "it is not a JSON Web Key (RFC 7517) with kty, kid and k") }
            return Member(kty: kty, kid: kid, alg: alg, use: use, k: k, exp: nil)
        }
    }

    /// One JWK's members as they are written; checked by `payloadKey()`.
    private struct Member: Decodable {
        let kty: String
        let kid: String?
        let alg: String?
        let use: String?
        let k: String
        let exp: Int64?

        func payloadKey() throws(CryptoError) -> PayloadKey {
            guard kty == "oct" else { throw .malformedKey(reason: "kty is \(kty.prefix(16)), and a payload key is a symmetric (oct) key") }
            guard alg == nil || alg == "A256GCM" else { throw .malformedKey(reason: "alg must be A256GCM") }
            guard use == nil || use == "enc" else { throw .malformedKey(reason: "use must be enc") }
            guard let kid else { throw .malformedKey(reason: "the key has no kid; version 2 of the sealed layer names every key") }
            return try PayloadKey(id: kid, key: AES256Key(base64URL: k))
        }
    }
}

extension AES256Key {
    /// Reads the 32 bytes from base64url without padding (RFC 4648 section 5), as a JWK's
    /// `k` holds them: 43 characters.
    init(base64URL text: String) throws(CryptoError) {
        guard text.utf8.count == 43, text.utf8.allSatisfy(Self.isBase64URL) else {
            throw .malformedKey(reason: "k is not 43 characters of base64url without padding (32 bytes)")
        }
        // Byte by byte into the standard alphabet: Foundation's string replacing costs a
        // sealed command's start-up more than the rest of reading its key.
        let standard = text.utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "+") : $0 == UInt8(ascii: "_") ? UInt8(ascii: "/") : $0 }
        guard var decoded = Data(base64Encoded: Data(standard + [UInt8(ascii: "=")])) else { throw .malformedKey(reason: "k is not valid base64url") }
        defer { decoded.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) } }
        try self.init(bytes: decoded)
    }

    /// The key as a JWK's `k`: base64url without padding. Handle with care.
    var base64URLEncodedString: String {
        Base64URL.encode(bytes)
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
