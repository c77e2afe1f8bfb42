/// Percent-encoding of query names and values (RFC 3986): every byte outside the
/// unreserved set `A–Z a–z 0–9 - . _ ~` becomes `%XX`, spaces included.
///
/// Written out rather than left to Foundation because Foundation's rules differ by
/// platform (`+`, `;`, `/` are kept on some), and the sealed payload authenticates
/// the exact target string: client and server must agree on every byte.
enum PercentEncoding {
    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0f)
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> String {
        String(nibble, radix: 16, uppercase: true)
    }
}
