/// Where presenters write: the port the App implements for the terminal, and tests
/// implement with a fake that records lines.
public protocol ConsoleOutput: Sendable {
    /// A line of the command's result, for standard output.
    func printLine(_ text: String)
    /// A line of progress, warning or error, for standard error.
    func printDiagnostic(_ text: String)
}

/// Human text, or the one JSON document of CLI.md on standard output.
public enum OutputFormat: Sendable {
    case human
    case json
}
