import Domain
import Foundation

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
        switch format {
        case .human:
            output.printDiagnostic(Self.errorLine(message.sentence))
        case .json:
            output.printDiagnostic(JSONDocuments.error(code: message.code, message: message.sentence))
        }
        return message.exitStatus
    }

    /// A start-up failure (bad key, unusable folder): its sentence, code
    /// `configuration`, exit 78.
    @discardableResult
    public func reportConfigurationFailure(_ sentence: String) -> ProcessExitStatus {
        switch format {
        case .human: output.printDiagnostic(Self.errorLine(sentence))
        case .json: output.printDiagnostic(JSONDocuments.error(code: "configuration", message: sentence))
        }
        return .configuration
    }

    /// A usage error found while parsing the command line: the parser's sentence, code
    /// `usage`, exit 64. Only the JSON form is written here; the human form is the
    /// parser's own (with the usage lines), printed by the caller.
    @discardableResult
    public func reportUsageError(_ sentence: String) -> ProcessExitStatus {
        if format == .json {
            output.printDiagnostic(JSONDocuments.error(code: "usage", message: sentence))
        }
        return .usage
    }

    /// A `notFound` named by the caller ("No product 7 exists."): code `not-found`, exit 1.
    @discardableResult
    public func reportNotFound(_ sentence: String) -> ProcessExitStatus {
        switch format {
        case .human: output.printDiagnostic(Self.errorLine(sentence))
        case .json: output.printDiagnostic(JSONDocuments.error(code: "not-found", message: sentence))
        }
        return .failure
    }

    /// The person stopped the command (Ctrl-D or Ctrl-C at a prompt): its sentence,
    /// code `cancelled` or `interrupted`, and exit 1 (an interrupted caller then ends
    /// by SIGINT, which a shell reports as 130).
    @discardableResult
    public func reportStopped(_ sentence: String, interrupted: Bool) -> ProcessExitStatus {
        switch format {
        case .human: output.printDiagnostic(Self.errorLine(sentence))
        case .json: output.printDiagnostic(JSONDocuments.error(code: interrupted ? "interrupted" : "cancelled", message: sentence))
        }
        return .failure
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
