import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        let message = ErrorMessage(error)
        if verbose, let detail = Self.detail(of: error) {
            output.printDiagnostic(StyledText("detail: \(detail)", style: .secondary))
        }
        write(message.sentence, code: message.code)
        return message.exitStatus
    }

    /// A start-up failure (bad key, unusable folder): its sentence, code
    /// `configuration`, exit 78.
    @discardableResult
    public func reportConfigurationFailure(_ sentence: String) -> ProcessExitStatus {
        write(sentence, code: "configuration")
        return .configuration
    }

    /// A file that could not be written before any command ran (`serve`'s key files on
    /// a full disk): the same sentence, code and status (73) as `StoreError.cannotWrite`.
    @discardableResult
    public func reportCannotWrite(_ what: String, reason: String) -> ProcessExitStatus {
        report(.cannotWrite(what: what, reason: reason))
    }

    /// The sentence of `reportCannotWrite`, for a caller that keeps it.
    public static func cannotWriteSentence(_ what: String, reason: String) -> String {
        ErrorMessage(.cannotWrite(what: what, reason: reason)).sentence
    }

    /// A usage error found while parsing the command line: the parser's sentence, code
    /// `usage`, exit 64. Only the JSON form is written here; the human form is the
    /// parser's own (with the usage lines), printed by the caller.
    @discardableResult
    public func reportUsageError(_ sentence: String) -> ProcessExitStatus {
        if format == .json {
            output.printDiagnostic(ErrorDocument.json(code: "usage", message: sentence))
        }
        return .usage
    }

    /// A `notFound` named by the caller ("No product 7 exists."): code `not-found`, exit 1.
    @discardableResult
    public func reportNotFound(_ sentence: String) -> ProcessExitStatus {
        write(sentence, code: "not-found")
        return .failure
    }

    /// The person stopped the command (Ctrl-D or Ctrl-C at a prompt): its sentence,
    /// code `cancelled` or `interrupted`, and exit 1 (an interrupted caller then ends
    /// by SIGINT, which a shell reports as 130).
    @discardableResult
    public func reportStopped(_ sentence: String, interrupted: Bool) -> ProcessExitStatus {
        write(sentence, code: interrupted ? "interrupted" : "cancelled")
        return .failure
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
        case .unusableResponse(let detail), .unexpected(let detail): detail
        default: nil
        }
    }
}
