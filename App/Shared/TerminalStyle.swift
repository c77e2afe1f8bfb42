#if canImport(Glibc)
import Glibc
#endif
import Presentation

/// Whether a stream gets colour, and how each `Style` looks when it does.
///
/// Colour only when the stream and standard error are terminals (CLI.md), `NO_COLOR`
/// is unset or empty (no-color.org), `TERM` names a terminal that is not `dumb`, and
/// the output is not `--json`. Otherwise every line is exactly its plain text.
public struct TerminalStyle: Sendable {
    public let colour: Bool

    public static func forStream(_ descriptor: Int32, format: OutputFormat, environment: [String: String]) -> TerminalStyle {
        TerminalStyle(colour: allowsDecoration(format: format, environment: environment)
            && isatty(descriptor) == 1 && isatty(STDERR_FILENO) == 1)
    }

    /// The rules every decoration shares, colour and spinner alike, before the terminal test.
    public static func allowsDecoration(format: OutputFormat, environment: [String: String]) -> Bool {
        guard format == .human else { return false }
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
        return true
    }

    /// The line as the terminal gets it: each run's text with its control characters
    /// escaped (server text can carry none), coloured when colour is on. `base` (reverse
    /// video for the live screen's chosen row) holds under every run, colour or not.
    public func render(_ text: StyledText, base: String = "") -> String {
        var line = ""
        for run in text.runs {
            let safe = TerminalText.escapingControls(run.text)
            let colourSequence = colour ? run.style.map(Self.sequence(for:)) ?? "" : ""
            let attributes = base + colourSequence
            line += attributes.isEmpty ? safe : attributes + safe + ANSI.resetAttributes
        }
        return line
    }

    public static func sequence(for style: Style) -> String {
        switch style {
        case .error: ANSI.boldRed
        case .warning, .rating: ANSI.yellow
        case .success, .price: ANSI.green
        case .heading: ANSI.bold
        case .secondary: ANSI.dim
        }
    }
}
