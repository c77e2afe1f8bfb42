/// Where presenters write: the port the App implements for the terminal, and tests
/// implement with a spy that records lines.
public protocol ConsoleOutput: Sendable {
    /// A line of the command's result, for standard output.
    func printLine(_ text: StyledText)
    /// A line of progress, warning or error, for standard error.
    func printDiagnostic(_ text: StyledText)
    /// A wait has begun (`label` says for what: "Searching"). A terminal may show a
    /// spinner on standard error until `endActivity` or the next line printed.
    func beginActivity(_ label: String)
    /// The wait under way has a new label ("The store asked to wait 3 s").
    func updateActivity(_ label: String)
    /// The wait is over; whatever showed it is cleared.
    func endActivity()
}

extension ConsoleOutput {
    /// A line with no style.
    public func printLine(_ text: String) {
        printLine(StyledText(text))
    }

    /// A diagnostic with no style.
    public func printDiagnostic(_ text: String) {
        printDiagnostic(StyledText(text))
    }
}

/// Human text, or the one JSON document of CLI.md on standard output.
public enum OutputFormat: Sendable {
    case human
    case json
}
