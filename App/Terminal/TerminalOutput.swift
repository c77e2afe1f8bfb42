import Foundation
import Presentation

/// The terminal side of Presentation's output port: results to standard output,
/// everything else to standard error, each line written whole.
struct TerminalOutput: ConsoleOutput {
    func printLine(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func printDiagnostic(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
