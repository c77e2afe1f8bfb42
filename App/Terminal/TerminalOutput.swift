import Foundation
import Presentation

/// The terminal side of Presentation's output port: results to standard output,
/// everything else to standard error, each line written whole.
///
/// Every line passes through `TerminalText`: the one place all human and JSON output
/// meets the terminal, so no server-sent title, name or message can carry an escape
/// sequence to it.
///
/// `write(contentsOf:)`, not `write(_: Data)`: the latter traps when the stream is
/// closed (`storefront logout >&-`); a line nobody can read is dropped instead.
struct TerminalOutput: ConsoleOutput {
    func printLine(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data((TerminalText.escapingControls(text) + "\n").utf8))
    }

    func printDiagnostic(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data((TerminalText.escapingControls(text) + "\n").utf8))
    }
}
