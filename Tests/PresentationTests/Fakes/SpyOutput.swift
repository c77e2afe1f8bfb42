import Presentation
import Synchronization

/// An output port that keeps what each stream received.
final class SpyOutput: ConsoleOutput {
    private let lines = Mutex<(out: [String], err: [String])>(([], []))

    var standardOutput: [String] { lines.withLock { $0.out } }
    var standardError: [String] { lines.withLock { $0.err } }

    func printLine(_ text: String) {
        lines.withLock { $0.out.append(text) }
    }

    func printDiagnostic(_ text: String) {
        lines.withLock { $0.err.append(text) }
    }
}
