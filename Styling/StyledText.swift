/// A line as runs of text, each with the style it is shown in, or none.
///
/// Presenters build it; the terminal escapes each run's text and adds colour only
/// where colour is allowed. Styling is never escape codes inside a string, so text
/// from a server cannot forge one, and a line without colour is exactly `plain`.
public struct StyledText: Sendable, Equatable, ExpressibleByStringLiteral {
    /// Some text and how it is shown.
    public struct Run: Sendable, Equatable {
        public let text: String
        public let style: Style?
    }

    public private(set) var runs: [Run]

    public init(_ text: String, style: Style? = nil) {
        runs = text.isEmpty ? [] : [Run(text: text, style: style)]
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The text with no style: what a pipe, a test or `NO_COLOR` sees.
    public var plain: String {
        runs.map(\.text).joined()
    }

    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        var joined = lhs
        joined.runs += rhs.runs
        return joined
    }

    /// Runs joined with `separator` between them, as a table joins its cells.
    public static func joined(_ parts: [StyledText], separator: String) -> StyledText {
        var line = StyledText("")
        for (index, part) in parts.enumerated() {
            if index > 0 { line = line + StyledText(separator) }
            line = line + part
        }
        return line
    }
}
