import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Styling

// The console a presenter shows through, in one file: the output port, the format, the
// value every presenter is handed (`Console`), and how a failure is written on it.

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

/// What a presenter is handed to show what it has, as one value: where lines go, text
/// or JSON, how a failure is reported, the width to fit, and the clock that ages kept
/// answers. The App makes one per command; a test makes one around a spy.
public struct Console: Sendable {
    public let output: any ConsoleOutput
    public let format: OutputFormat
    /// Reports a failure on `output` in `format`, with its detail under `--verbose`.
    public let errors: ErrorReporter
    /// The columns to fit when standard output is a terminal; nil when it is piped, so
    /// the next program gets every title whole (and lists are plain lines, not tables).
    public let width: Int?
    /// Now, for saying how old a kept answer is.
    public let now: @Sendable () -> Date

    public init(
        output: any ConsoleOutput,
        format: OutputFormat,
        verbose: Bool = false,
        width: Int? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.output = output
        self.format = format
        self.errors = ErrorReporter(output: output, format: format, verbose: verbose)
        self.width = width
        self.now = now
    }
}

/// Human text, or the one JSON document of CLI.md on standard output.
public enum OutputFormat: Sendable {
    case human
    case json
}

/// Writes a failure the way CLI.md asks: one sentence on standard error (in JSON mode,
/// a last line `{"error": {...}}`), nothing on standard output, and its exit status.
public struct ErrorReporter: Sendable {
    private let output: any ConsoleOutput
    private let format: OutputFormat
    private let verbose: Bool

    public init(output: any ConsoleOutput, format: OutputFormat, verbose: Bool) {
        self.output = output
        self.format = format
        self.verbose = verbose
    }

    @discardableResult
    public func report(_ error: StoreError) -> ProcessExitStatus {
        report(error, saying: ErrorMessage(error).sentence)
    }

    /// `error` in a sentence the caller words for what it asked ("No product 7 exists.",
    /// "may have added it"): the error's own code, exit status and `--verbose` detail.
    @discardableResult
    public func report(_ error: StoreError, saying sentence: String) -> ProcessExitStatus {
        let message = ErrorMessage(error)
        if verbose, let detail = Self.detail(of: error) {
            output.printDiagnostic(StyledText("detail: \(detail)", style: .secondary))
        }
        write(sentence, code: message.code.rawValue)
        return message.exitStatus
    }

    /// A start-up failure (a bad key, an unusable folder, a full disk), which carries its
    /// own code (`configuration`, `cannot-write`, …): its sentence and code, written as
    /// any failure is; its status is the caller's, which the failure carries too.
    public func reportStartupFailure(_ sentence: String, code: String) {
        write(sentence, code: code)
    }

    /// A usage error found while parsing the command line: the parser's sentence, code
    /// `usage`, exit 64. Only the JSON form is written here; the human form is the
    /// parser's own (with the usage lines), printed by the caller.
    @discardableResult
    public func reportUsageError(_ sentence: String) -> ProcessExitStatus {
        if format == .json {
            output.printDiagnostic(ErrorDocument.json(code: ErrorCode.usage.rawValue, message: sentence))
        }
        return ErrorCode.usage.exitStatus
    }

    /// The person stopped the command (Ctrl-D or Ctrl-C at a prompt): its sentence,
    /// code `cancelled` (exit 1) or `interrupted` (130, which the caller reaches by
    /// ending by SIGINT).
    @discardableResult
    public func reportStopped(_ sentence: String, interrupted: Bool) -> ProcessExitStatus {
        let code: ErrorCode = interrupted ? .interrupted : .cancelled
        write(sentence, code: code.rawValue)
        return code.exitStatus
    }

    /// The one error line of CLI.md: `storefront: SENTENCE`, or in JSON mode the error
    /// object with its code.
    private func write(_ sentence: String, code: String) {
        switch format {
        case .human: output.printDiagnostic(Self.errorLine(sentence))
        case .json: output.printDiagnostic(ErrorDocument.json(code: code, message: sentence))
        }
    }

    /// `storefront: SENTENCE`, the program's name marked as an error's. Public for the
    /// App's own few sentences (an interrupted sign-in, no terminal), so every error
    /// line looks the same.
    public static func errorLine(_ sentence: String) -> StyledText {
        StyledText("storefront:", style: .error) + StyledText(" " + sentence)
    }

    private static func detail(of error: StoreError) -> String? {
        switch error {
        case .unusableResponse(let diagnostic), .unexpected(let diagnostic): diagnostic.description
        default: nil
        }
    }
}

extension Result where Failure == StoreError {
    /// The exit status of what a presenter showed (CLI.md): 0 for an answer, and for a
    /// failure the status its sentence carries (`ErrorMessage`), as `ErrorReporter` said.
    public var exitStatus: ProcessExitStatus {
        switch self {
        case .success: .success
        case .failure(let error): ErrorMessage(error).exitStatus
        }
    }
}
