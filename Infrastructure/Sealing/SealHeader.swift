import Foundation
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
