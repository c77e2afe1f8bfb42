import Foundation
import Presentation
import Styling
import Testing

@Suite("TerminalText: server text made safe for a terminal", .timeLimit(.minutes(1)))
struct TerminalTextTests {
    @Test("control characters are shown as escapes", arguments: [
        ("\u{1B}]0;pwned\u{07}Phone", #"\u001b]0;pwned\u0007Phone"#),
        ("\u{1B}[2JGone", #"\u001b[2JGone"#),
        ("C1 \u{9B}31m red", #"C1 \u009b31m red"#),
        ("DEL\u{7F}", #"DEL\u007f"#),
        ("Zoë Nguyễn 📱 tab\there", "Zoë Nguyễn 📱 tab\there"),
    ])
    func escapes(input: String, expected: String) {
        #expect(TerminalText.escapingControls(input) == expected)
    }

    @Test("a JSON document stays valid and means the same after escaping")
    func jsonStaysValid() throws {
        let title = "A\u{7F}B\u{9B}C\u{1B}D"
        let document = String(decoding: try JSONEncoder().encode(["title": title]), as: UTF8.self)

        let escaped = TerminalText.escapingControls(document)
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8))

        #expect(decoded["title"] == title)
        #expect(!escaped.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7F || $0.value == 0x9B })
    }

    @Test("one line: newline and tab are escaped too, and escaping twice changes nothing more")
    func oneLine() {
        let escaped = TerminalText.oneLine("a\nb\tc\u{1B}d")

        #expect(escaped == #"a\u000ab\u0009c\u001bd"#)
        #expect(TerminalText.oneLine(escaped) == escaped)
        #expect(TerminalText.escapingControls("a\nb\tc") == "a\nb\tc", "the multi-line form keeps layout")
    }
}
