/// Makes text from a server safe to print on a terminal: every control character
/// (C0 but newline and tab, DEL, C1) is written as its `\u00XX` escape.
///
/// A product title with `ESC ] 0 ;` retitles the window, one with `ESC [ 2 J` clears
/// the screen, and U+009B is a CSI on its own; shown as `\u001b` they are harmless and
/// still visible. The same form is a valid JSON escape, so the one rule also keeps a
/// `--json` document valid and meaning the same (JSONEncoder escapes C0 itself, but
/// leaves DEL and C1 raw).
public enum TerminalText {
    public static func escapingControls(_ text: String) -> String {
        escaping(text, where: isControl)
    }

    /// Every control character escaped, newline and tab too: for text that must stay on
    /// one line and be measured as shown, such as a table cell.
    public static func oneLine(_ text: String) -> String {
        escaping(text) { isControl($0) || $0 == "\n" || $0 == "\t" }
    }

    private static func escaping(_ text: String, where isControl: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}
