/// What a key press means to the interactive mode.
public enum TerminalKey: Equatable, Sendable {
    case edit(LiveSearchKey)
    /// Ctrl-C, or Ctrl-D on an empty query.
    case quit
    case endOfInput
}

/// Turns the bytes a terminal in raw mode sends into keys: printable UTF-8, the
/// control keys, and the escape sequences of arrows and page keys. Here, beside the
/// keys it produces, rather than in the App, so a fuzz target can reach it.
public enum TerminalKeyDecoder {
    public static func keys(in bytes: [UInt8]) -> [TerminalKey] {
        var keys: [TerminalKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                let (key, length) = escapeSequence(Array(bytes[index...]))
                keys.append(key)
                index += length
                continue
            case 0x03: keys.append(.quit)
            case 0x04: keys.append(.endOfInput)
            case 0x0D, 0x0A: keys.append(.edit(.enter))
            case 0x7F, 0x08: keys.append(.edit(.backspace))
            case 0x15: keys.append(.edit(.clearQuery))
            case 0x17: keys.append(.edit(.deleteWord))
            case 0x0E: keys.append(.edit(.nextPage))
            case 0x10: keys.append(.edit(.previousPage))
            case 0x20...0x7E:
                keys.append(.edit(.character(Character(Unicode.Scalar(byte)))))
            case 0xC0...0xF7:
                // A multi-byte UTF-8 character: its length is in the lead byte. A broken
                // one costs its lead byte and the continuation bytes that came with it,
                // never a byte after them: a stray byte must not eat the next letter.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                let end = min(bytes.count, index + length)
                let continuation = bytes[(index + 1)..<end].prefix { (0x80...0xBF).contains($0) }.count
                if continuation == length - 1, let character = String(validating: bytes[index..<end], as: UTF8.self)?.first,
                   !character.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) {
                    keys.append(.edit(.character(character)))
                }
                index += 1 + continuation
                continue
            default:
                break // other control bytes mean nothing here
            }
            index += 1
        }
        return keys
    }

    /// An escape sequence at the start of `bytes`, and how many bytes it took.
    private static func escapeSequence(_ bytes: [UInt8]) -> (TerminalKey, Int) {
        guard bytes.count >= 3, bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") else {
            return (.edit(.escape), 1)
        }
        switch bytes[2] {
        case UInt8(ascii: "A"): return (.edit(.up), 3)
        case UInt8(ascii: "B"): return (.edit(.down), 3)
        case UInt8(ascii: "5") where bytes.count >= 4 && bytes[3] == UInt8(ascii: "~"): return (.edit(.previousPage), 4)
        case UInt8(ascii: "6") where bytes.count >= 4 && bytes[3] == UInt8(ascii: "~"): return (.edit(.nextPage), 4)
        default:
            // Unknown sequence: skip to its final byte so its tail is not typed.
            let end = bytes.dropFirst(2).firstIndex { (0x40...0x7E).contains($0) } ?? (bytes.count - 1)
            return (.edit(.escape), end + 1)
        }
    }
}
