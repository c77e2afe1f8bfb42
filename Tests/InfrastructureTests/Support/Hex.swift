import Infrastructure

/// Hex text to bytes and back, for writing test vectors as the papers print them.
enum Hex {
    /// Bytes of a hex string; spaces and newlines are ignored. Returns nil on a bad digit.
    static func bytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.filter { !$0.isWhitespace })
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    static func string(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

extension SplitMix64 {
    /// `count` bytes, eight from each draw: byte-by-byte drawing makes MiB-sized inputs slow.
    mutating func bytes(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: next().littleEndian) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }
}
