#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import Styling
import SystemPackage

// The terminal both programs write to, in one file: the two streams, how a line looks
// on them (`TerminalStyle`, for the `StyledText` both programs build), and log lines on
// standard error.

/// The process's two streams as CLI.md lets either program use them: results to
/// standard output, everything else to standard error, each line written whole.
///
/// Every line passes through `TerminalStyle.render`: the one place all human and JSON
/// output of both programs meets the terminal, so no server-sent title, name or message
/// can carry an escape sequence to it, and colour appears only where `TerminalStyle`
/// allows it. A spinner shows long waits on standard error under the same rules, and is
/// cleared before any line is written.
///
/// A write that fails (a closed stream: `storefront logout >&-`) drops the line; a
/// line nobody can read is no reason to stop.
public struct TerminalStreams: Sendable {
    /// How standard output, and standard error, look.
    private let outputStyle: TerminalStyle
    private let errorStyle: TerminalStyle
    private let spinner: TerminalSpinner?

    /// Decorated as `json` and the environment allow, for the streams as they are.
    public init(json: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment) {
        outputStyle = .forStream(FileDescriptor.standardOutput.rawValue, json: json, environment: environment)
        errorStyle = .forStream(FileDescriptor.standardError.rawValue, json: json, environment: environment)
        spinner = errorStyle.colour ? TerminalSpinner(write: Self.writeError) : nil
    }

    /// A line of the result, on standard output.
    public func printLine(_ line: StyledText) {
        spinner?.stop()
        _ = try? FileDescriptor.standardOutput.writeAll((outputStyle.render(line) + "\n").utf8)
    }

    /// A line of progress, warning or error, on standard error.
    public func printDiagnostic(_ line: StyledText) {
        spinner?.stop()
        Self.writeError(errorStyle.render(line) + "\n")
    }

    /// A wait has begun: on a decorated standard error, a spinner saying `label`.
    public func beginActivity(_ label: String) {
        spinner?.begin(label)
    }

    public func updateActivity(_ label: String) {
        spinner?.relabel(label)
    }

    public func endActivity() {
        spinner?.stop()
    }

    /// Whether standard error shows decorations: a spinner, colour.
    public var decoratesStandardError: Bool {
        spinner != nil
    }

    private static let writeError: @Sendable (String) -> Void = { text in
        _ = try? FileDescriptor.standardError.writeAll(text.utf8)
    }
}

/// Prints log messages as plain lines on standard error (`--verbose`, the backend's
/// log): no timestamps or labels, just what the interceptors, the cache or the server
/// say. Each program hands it its own way of printing a diagnostic.
public struct DiagnosticLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let print: @Sendable (String) -> Void

    public init(logLevel: Logger.Level, print: @escaping @Sendable (String) -> Void) {
        self.logLevel = logLevel
        self.print = print
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        print("\(event.level == .debug ? "" : "\(event.level): ")\(event.message)")
    }
}

/// Whether a stream gets colour, and how a line looks on it.
///
/// Colour only when the stream and standard error are terminals (CLI.md), `NO_COLOR`
/// is unset or empty (no-color.org), `TERM` names a terminal that is not `dumb`, and
/// the output is not `--json`. Otherwise every line is exactly its plain text.
public struct TerminalStyle: Sendable {
    public let colour: Bool

    public init(colour: Bool) {
        self.colour = colour
    }

    public static func forStream(_ descriptor: Int32, json: Bool, environment: [String: String]) -> TerminalStyle {
        TerminalStyle(colour: allowsDecoration(json: json, environment: environment)
            && isatty(descriptor) == 1 && isatty(STDERR_FILENO) == 1)
    }

    /// The rules every decoration shares, colour and spinner alike, before the terminal test.
    static func allowsDecoration(json: Bool, environment: [String: String]) -> Bool {
        guard !json else { return false }
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
        return true
    }

    /// The line as the terminal gets it: each run's text with its control characters
    /// escaped (server text can carry none: `TerminalText.escapingControls`, the one
    /// rule both programs use), coloured when colour is on. `base` (reverse video for the
    /// live screen's chosen row) holds under every run, colour or not.
    public func render(_ line: StyledText, base: String = "") -> String {
        var rendered = ""
        for run in line.runs {
            let safe = TerminalText.escapingControls(run.text)
            let attributes = base + (colour ? run.style.map(Self.colour(for:)) ?? "" : "")
            rendered += attributes.isEmpty ? safe : attributes + safe + ANSI.resetAttributes
        }
        return rendered
    }

    /// How each style looks, for both programs: what text is (`Style`) is said by
    /// whoever builds the line; its colour, here.
    public static func colour(for style: Style) -> String {
        switch style {
        case .error: ANSI.boldRed
        case .warning, .score: ANSI.yellow
        case .success, .price: ANSI.green
        case .heading: ANSI.bold
        case .secondary: ANSI.dim
        }
    }
}
