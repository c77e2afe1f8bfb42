#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A payload key and the id every sealed message names it by (PROTOCOL.md section 2):
/// the id lets a server hold several keys at once, so a key can be rotated without a
/// flag day, and lets either side say which key a message was sealed under.
public struct PayloadKey: Sendable, Equatable {
    /// An id is 1 to 64 of `A–Z a–z 0–9 . _ -`: it travels in a header and in the
    /// associated data, so it must need no escaping anywhere.
    public static let longestID = 64

    public let id: String
    public let key: AES256Key

    public init(id: String, key: AES256Key) throws(CryptoError) {
        guard Self.isValidID(id) else {
            throw .malformedKey(reason: "a key id is 1 to \(Self.longestID) letters, digits, dots, dashes or underscores")
        }
        self.id = id
        self.key = key
    }

    public static func isValidID(_ id: String) -> Bool {
        (1...longestID).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }

    /// A fresh key from the secure generator, with an id an operator can read: the UTC
    /// day it was made and six random hex digits (`20261125-9f3a1c`), so two keys made
    /// the same day still differ, and a listing of the ring sorts by age.
    public static func random(madeAt secondsSince1970: Int64) throws(CryptoError) -> PayloadKey {
        let suffix = try SecureRandom.bytes(3).map { digits($0, width: 2, radix: 16) }.joined()
        return try PayloadKey(id: "\(utcDay(secondsSince1970))-\(suffix)", key: AES256Key.random())
    }

    /// `YYYYMMDD` of a Unix time in UTC, by the proleptic Gregorian calendar (the
    /// days-to-civil conversion of Hinnant's date algorithms), so no calendar library
    /// and its locale data are loaded for eight digits.
    static func utcDay(_ secondsSince1970: Int64) -> String {
        let days = secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : (secondsSince1970 - 86_399) / 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return digits(year, width: 4) + digits(month, width: 2) + digits(day, width: 2)
    }

    /// `value` in `radix`, zero-padded to `width` digits.
    private static func digits(_ value: some BinaryInteger, width: Int, radix: Int = 10) -> String {
        let text = String(value, radix: radix)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension PayloadKey: CustomStringConvertible {
    /// The id only: a key never prints its bytes.
    public var description: String { "PayloadKey(\(id))" }
}
