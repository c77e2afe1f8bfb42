import AppShared
import ArgumentParser
import Styling
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `storefront-server` prints, by the rules CLI.md sets for every command of
/// either program: results on standard output, one error line on standard error
/// (`storefront: SENTENCE`, or with `--json` the object `{"error": {"code", "message"}}`),
/// and the exit status the error means.
///
/// The client words its errors in Presentation, which the server does not link: the
/// backend is another system, held to CLI.md by its own end-to-end tests (as it is to
/// PROTOCOL.md), not by sharing the client's types.
struct ServerConsole: Sendable {
    let json: Bool
    let streams: TerminalStreams

    init(json: Bool) {
        self.json = json
        streams = TerminalStreams(json: json)
    }

    func printLine(_ text: String) {
        streams.printLine(StyledText(text))
    }

    /// `document` as the one JSON line of CLI.md: keys sorted, slashes left alone.
    func printDocument(_ document: some Encodable) {
        printLine(Self.encode(document))
    }

    func printDiagnostic(_ text: String) {
        streams.printDiagnostic(StyledText(text))
    }

    /// A warning that does not stop the program.
    func warn(_ text: String) {
        streams.printDiagnostic(StyledText("storefront-server: warning:", style: .warning) + StyledText(" " + text))
    }

    /// A start-up failure's line, and the exit that ends the program with its status.
    func fail(_ failure: StartupFailure) -> ExitCode {
        write(failure.sentence, code: failure.code)
        return ExitCode(failure.exitStatus)
    }

    /// The server stopped after it listened: code `unexpected`, exit 1.
    func failUnexpectedly(_ sentence: String) -> ExitCode {
        write(sentence, code: "unexpected")
        return ExitCode.failure
    }

    private func write(_ sentence: String, code: String) {
        if json {
            streams.printDiagnostic(StyledText(Self.encode(ErrorDocument(error: .init(code: code, message: sentence)))))
        } else {
            streams.printDiagnostic(StyledText("storefront:", style: .error) + StyledText(" " + sentence))
        }
    }

    private static func encode(_ document: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else {
            return #"{"error":{"code":"unexpected","message":"The result could not be written as JSON."}}"#
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// CLI.md's error object.
    private struct ErrorDocument: Encodable {
        struct Body: Encodable {
            let code: String
            let message: String
        }

        let error: Body
    }
}
