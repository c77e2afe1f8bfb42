@testable import App
@testable import AppShared
import Styling
import Testing

/// The one rule for decoration, and how a line reaches the terminal.
@Suite("TerminalStyle", .timeLimit(.minutes(1)))
struct TerminalStyleTests {
    @Test("decoration needs human output, NO_COLOR unset or empty, and a TERM that is not dumb", arguments: [
        (false, ["TERM": "xterm-256color"], true),
        (false, ["TERM": "xterm", "NO_COLOR": ""], true),
        (false, ["TERM": "xterm", "NO_COLOR": "1"], false),
        (false, ["TERM": "xterm", "NO_COLOR": "0"], false),
        (false, ["TERM": "dumb"], false),
        (false, [:], false),
        (true, ["TERM": "xterm-256color"], false),
    ])
    func rule(json: Bool, environment: [String: String], allowed: Bool) {
        #expect(TerminalStyle.allowsDecoration(json: json, environment: environment) == allowed)
    }

    @Test("without colour a line is its plain text, control characters escaped")
    func plain() {
        let line = StyledText("storefront:", style: .error) + StyledText(" \u{1B}[2J title")

        #expect(TerminalStyle(colour: false).render(line) == #"storefront: \u001b[2J title"#)
    }

    @Test("with colour each styled run is wrapped and reset; a base holds under every run")
    func coloured() {
        let line = StyledText(" 7", style: .secondary) + StyledText("  Phone  ") + StyledText("$5.00", style: .price)
        let style = TerminalStyle(colour: true)

        #expect(style.render(line) == "\u{1B}[2m 7\u{1B}[0m  Phone  \u{1B}[32m$5.00\u{1B}[0m")
        #expect(style.render(line, base: "\u{1B}[7m")
            == "\u{1B}[7m\u{1B}[2m 7\u{1B}[0m\u{1B}[7m  Phone  \u{1B}[0m\u{1B}[7m\u{1B}[32m$5.00\u{1B}[0m")
    }
}
