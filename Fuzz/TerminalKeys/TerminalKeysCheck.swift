import Presentation

/// One fuzz input read as the bytes a terminal in raw mode sends the interactive
/// search. A crash, a hang, or a broken rule below is a finding:
/// - no more keys than bytes;
/// - a character key is never a control character;
/// - outside escape sequences, every printable ASCII byte becomes its own character,
///   whatever stray byte came before it: a typed letter is never lost.
enum TerminalKeysCheck {
    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        let keys = TerminalKeyDecoder.keys(in: bytes)
        precondition(keys.count <= bytes.count, "\(keys.count) keys from \(bytes.count) bytes")
        var asciiCharacters = 0
        for case .edit(.character(let character)) in keys {
            precondition(character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) },
                         "a control character typed as text")
            if character.isASCII { asciiCharacters += 1 }
        }
        if !bytes.contains(0x1B) {
            let printable = bytes.count { (0x20...0x7E).contains($0) }
            precondition(asciiCharacters == printable, "\(printable) printable bytes gave \(asciiCharacters) characters")
        }
    }
}
