/// A cursor over untrusted bytes that never reads past their end: every length a
/// message announces is checked against what is left before anything is taken, so no
/// allocation is ever sized by an attacker's number.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    mutating func take(_ count: Int, _ what: String) throws(ObliviousHTTPError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw .truncated(what) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func byte(_ what: String) throws(ObliviousHTTPError) -> UInt8 {
        try take(1, what).first ?? 0
    }

    mutating func uint16(_ what: String) throws(ObliviousHTTPError) -> UInt16 {
        let pair = try take(2, what)
        return UInt16(pair[pair.startIndex]) << 8 | UInt16(pair[pair.startIndex + 1])
    }

    /// A QUIC variable-length integer (RFC 9000 section 16), as Binary HTTP writes every
    /// length: the first two bits give its size, 1, 2, 4 or 8 bytes.
    mutating func varint(_ what: String) throws(ObliviousHTTPError) -> UInt64 {
        let first = try byte(what)
        let length = 1 << Int(first >> 6)
        var value = UInt64(first & 0x3f)
        for byte in try take(length - 1, what) { value = value << 8 | UInt64(byte) }
        return value
    }

    /// `length` bytes, a length the message announced.
    mutating func take(length: UInt64, _ what: String) throws(ObliviousHTTPError) -> ArraySlice<UInt8> {
        guard length <= UInt64(remaining) else { throw .truncated(what) }
        return try take(Int(length), what)
    }

    /// A varint length, then that many bytes.
    mutating func lengthPrefixed(_ what: String) throws(ObliviousHTTPError) -> ArraySlice<UInt8> {
        try take(length: varint(what), what)
    }

    /// Everything left.
    mutating func rest() -> ArraySlice<UInt8> {
        defer { offset = bytes.count }
        return bytes[offset...]
    }
}

/// Writing the same encodings.
extension Array where Element == UInt8 {
    /// Appends `value` as a QUIC varint of the shortest length that holds it.
    mutating func appendVarint(_ value: UInt64) {
        switch value {
        case ..<0x40:
            append(UInt8(value))
        case ..<0x4000:
            append(contentsOf: [UInt8(0x40 | value >> 8), UInt8(value & 0xff)])
        case ..<0x4000_0000:
            append(contentsOf: (0..<4).reversed().map { UInt8((value >> (8 * UInt64($0))) & 0xff) })
            self[count - 4] |= 0x80
        default:
            append(contentsOf: (0..<8).reversed().map { UInt8((value >> (8 * UInt64($0))) & 0xff) })
            self[count - 8] |= 0xc0
        }
    }

    mutating func appendLengthPrefixed(_ bytes: some Collection<UInt8>) {
        appendVarint(UInt64(bytes.count))
        append(contentsOf: bytes)
    }

    mutating func appendUInt16(_ value: UInt16) {
        append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xff)])
    }
}
