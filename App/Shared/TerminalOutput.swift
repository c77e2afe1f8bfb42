#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SystemPackage
import Logging
import Presentation

/// The terminal side of Presentation's output port: results to standard output,
/// everything else to standard error, each line written whole.
///
/// Every line passes through `TerminalStyle.render`: the one place all human and JSON
/// output meets the terminal, so no server-sent title, name or message can carry an
/// escape sequence to it, and colour appears only where `TerminalStyle` allows it.
/// A spinner shows long waits on standard error under the same rules, and is cleared
/// before any line is written.
///
/// A write that fails (a closed stream: `storefront logout >&-`) drops the line; a
/// line nobody can read is no reason to stop.
public struct TerminalOutput: ConsoleOutput {
    private let standardOutputStyle: TerminalStyle
    private let standardErrorStyle: TerminalStyle
    private let spinner: TerminalSpinner?

    /// Decorated as `format` and the environment allow, for the streams as they are.
    public init(format: OutputFormat = .human, environment: [String: String] = ProcessInfo.processInfo.environment) {
        standardOutputStyle = .forStream(FileDescriptor.standardOutput.rawValue, format: format, environment: environment)
        standardErrorStyle = .forStream(FileDescriptor.standardError.rawValue, format: format, environment: environment)
        spinner = standardErrorStyle.colour ? TerminalSpinner(write: Self.writeError) : nil
    }

    public func printLine(_ text: StyledText) {
        spinner?.stop()
        _ = try? FileDescriptor.standardOutput.writeAll((standardOutputStyle.render(text) + "\n").utf8)
    }

    public func printDiagnostic(_ text: StyledText) {
        spinner?.stop()
        Self.writeError(standardErrorStyle.render(text) + "\n")
    }

    public func beginActivity(_ label: String) {
        spinner?.begin(label)
    }

    public func updateActivity(_ label: String) {
        spinner?.relabel(label)
    }

    /// Whether standard error shows decorations: a spinner, colour.
    public var decoratesStandardError: Bool {
        spinner != nil
    }

    public func endActivity() {
        spinner?.stop()
    }

    private static let writeError: @Sendable (String) -> Void = { text in
        _ = try? FileDescriptor.standardError.writeAll(text.utf8)
    }
}

/// Prints log messages as plain lines on standard error (`--verbose`): no timestamps
/// or labels, just what the interceptors and the cache say about each exchange.
public struct DiagnosticLogHandler: LogHandler {
    public let output: any ConsoleOutput
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]

    public init(output: any ConsoleOutput, logLevel: Logger.Level) {
        self.output = output
        self.logLevel = logLevel
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        output.printDiagnostic("\(event.level == .debug ? "" : "\(event.level): ")\(event.message)")
    }
}

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
