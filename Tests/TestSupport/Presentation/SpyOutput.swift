import Presentation
import Synchronization

/// An output port that keeps what each stream received.
public final class SpyOutput: ConsoleOutput {
    private let lines = Mutex<(out: [String], err: [String])>(([], []))

    public init() {}

    public var standardOutput: [String] { lines.withLock { $0.out } }
    public var standardError: [String] { lines.withLock { $0.err } }

    public func printLine(_ text: String) {
        lines.withLock { $0.out.append(text) }
    }

    public func printDiagnostic(_ text: String) {
        lines.withLock { $0.err.append(text) }
    }
}
