#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RawStructuredFieldValues

/// The `Storefront-Seal` header every sealed message carries (PROTOCOL.md section 2):
/// an RFC 9651 structured-field dictionary such as
/// `v=2, kid="20261125-9f3a1c", nonce=:AAAAAAAAAAAAAAAA:, t=1764104943`.
///
/// A structured field because its grammar is published and parsed by a well-kept
/// library, so every member has one reading on both sides, whatever a proxy does to
/// its spaces. The associated data is built from the parsed values, never from the
/// text, for the same reason.
public struct SealHeader: Sendable, Equatable {
    public static let fieldName = "Storefront-Seal"
    /// The protocol version this program speaks.
    public static let currentVersion: Int64 = 2

    /// Why a server answered without sealing: the only reason it has is a key it does
    /// not accept, since without an accepted key it has nothing to seal with.
    public enum Refusal: String, Sendable, Equatable {
        case unknownKey = "unknown-key"
    }

    public var version: Int64
    public var keyID: String
    /// The message's GCM nonce; absent only on a refusal.
    public var nonce: GCMNonce?
    /// When a request was sealed, in seconds since 1970; requests only.
    public var time: Int64?
    /// Set only on a server's unsealed refusal.
    public var refusal: Refusal?

    public init(keyID: String, nonce: GCMNonce?, time: Int64? = nil, refusal: Refusal? = nil) {
        version = Self.currentVersion
        self.keyID = keyID
        self.nonce = nonce
        self.time = time
        self.refusal = refusal
    }

    /// Reads a field value. The version is checked first, so a message of another
    /// version is named as such whatever else it holds. Members this version does not
    /// know are ignored, as RFC 9651 asks, and are in no associated data.
    public init(parsing text: String) throws(SealHeaderError) {
        if let written = Self.asWritten(text) {
            self = written
        } else {
            self = try Self.parsedByGrammar(text)
        }
    }

    /// The field read by RFC 9651's grammar, with Apple's parser.
    package static func parsedByGrammar(_ text: String) throws(SealHeaderError) -> SealHeader {
        var header = SealHeader(keyID: "", nonce: nil)
        try header.read(text)
        return header
    }

    private mutating func read(_ text: String) throws(SealHeaderError) {
        let members: OrderedMap<String, ItemOrInnerList>
        do {
            var parser = StructuredFieldValueParser(Array(text.utf8))
            members = try parser.parseDictionaryFieldValue()
        } catch {
            throw .malformed("it is not a structured-field dictionary (RFC 9651)")
        }
        guard case .integer(let version)? = Self.bareItem(members["v"]) else { throw .malformed("v is not an integer") }
        guard version == Self.currentVersion else { throw .unsupportedVersion(version) }
        guard case .string(let keyID)? = Self.bareItem(members["kid"]), PayloadKey.isValidID(keyID) else {
            throw .malformed("kid is not a string of 1 to \(PayloadKey.longestID) letters, digits, dots, dashes or underscores")
        }
        self.version = version
        self.keyID = keyID
        switch Self.bareItem(members["nonce"]) {
        case .undecodedByteSequence(let encoded)?:
            guard let bytes = Data(base64Encoded: encoded), let nonce = try? GCMNonce(bytes: bytes) else {
                throw .malformed("nonce is not 12 bytes")
            }
            self.nonce = nonce
        case nil:
            nonce = nil
        default:
            throw .malformed("nonce is not a byte sequence")
        }
        switch Self.bareItem(members["t"]) {
        case .integer(let time)?: self.time = time
        case nil: time = nil
        default: throw .malformed("t is not an integer")
        }
        switch Self.bareItem(members["error"]) {
        case .token(let name)?:
            guard let refusal = Refusal(rawValue: name) else { throw .malformed("error is not one this version knows") }
            self.refusal = refusal
        case nil:
            refusal = nil
        default:
            throw .malformed("error is not a token")
        }
        guard nonce != nil || refusal != nil else { throw .malformed("it has no nonce") }
    }

    /// The field value, members in a fixed order. Every value was checked to need no
    /// escaping (the id's alphabet, base64, digits, a known token), so it is written as is.
    public var fieldValue: String {
        var members = ["v=\(version)", "kid=\"\(keyID)\""]
        if let nonce { members.append("nonce=:\(Data(nonce.bytes).base64EncodedString()):") }
        if let time { members.append("t=\(time)") }
        if let refusal { members.append("error=\(refusal.rawValue)") }
        return members.joined(separator: ", ")
    }

    /// The header when `text` is exactly as `fieldValue` writes one, else nil, and the
    /// grammar reads it. Every header our own programs send takes this way: it reads a
    /// strict subset of RFC 9651 to the same values (FuzzSealHeader holds the two to
    /// that), and spares a command the parser's generic set-up, some 0.7 million
    /// instructions on its first header.
    package static func asWritten(_ text: String) -> SealHeader? {
        let bytes = Array(text.utf8)
        // The members as `fieldValue` joins them: ", " between, no other space.
        var members: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ","), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: " ") {
                members.append(bytes[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        members.append(bytes[start...])
        guard (3...4).contains(members.count), value(of: members[0], "v=") == "2",
              let keyID = value(of: members[1], "kid=\"", "\""), PayloadKey.isValidID(keyID) else { return nil }
        if members.count == 3, value(of: members[2], "error=") == Refusal.unknownKey.rawValue {
            return SealHeader(keyID: keyID, nonce: nil, refusal: .unknownKey)
        }
        guard let encoded = value(of: members[2], "nonce=:", ":"), encoded.utf8.count == 16, encoded.utf8.allSatisfy(isBase64),
              let nonceBytes = Data(base64Encoded: encoded), let nonce = try? GCMNonce(bytes: nonceBytes) else { return nil }
        guard members.count == 4 else { return SealHeader(keyID: keyID, nonce: nonce) }
        guard let digits = value(of: members[3], "t="), (1...15).contains(digits.utf8.count),
              digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let time = Int64(digits) else { return nil }
        return SealHeader(keyID: keyID, nonce: nonce, time: time)
    }

    /// What lies between `prefix` and `suffix` in `member`, when it has both.
    private static func value(of member: ArraySlice<UInt8>, _ prefix: String, _ suffix: String = "") -> String? {
        let head = Array(prefix.utf8)
        let tail = Array(suffix.utf8)
        guard member.count >= head.count + tail.count, member.starts(with: head), member.suffix(tail.count).elementsEqual(tail) else { return nil }
        return String(decoding: member.dropFirst(head.count).dropLast(tail.count), as: UTF8.self)
    }

    /// RFC 9651's byte-sequence alphabet: standard base64 with its padding.
    private static func isBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }

    /// A member's value when it is a single item (parameters ignored), else nil.
    private static func bareItem(_ member: ItemOrInnerList?) -> RFC9651BareItem? {
        guard case .item(let item)? = member else { return nil }
        return item.rfc9651BareItem
    }
}

/// Why a `Storefront-Seal` header could not be read.
public enum SealHeaderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another version of the sealed layer; this program speaks version 2 only.
    case unsupportedVersion(Int64)
    case malformed(String)

    public var description: String {
        switch self {
        case .unsupportedVersion(let version):
            "it is sealed under version \(version) of the sealed layer, and this program speaks version \(SealHeader.currentVersion)"
        case .malformed(let reason):
            "its \(SealHeader.fieldName) header is malformed: \(reason)"
        }
    }
}

extension SealHeader {
    /// `init(parsing:)` with its error as the exchange's, for callers that speak that.
    public static func parsed(_ text: String) throws(SealedExchange.Failure) -> SealHeader {
        do {
            return try SealHeader(parsing: text)
        } catch {
            throw .header(error)
        }
    }
}
