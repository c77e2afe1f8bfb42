import Presentation
import Styling
import Synchronization

/// An output port that keeps what each stream received, as plain text and with its
/// styles, and every activity begun and ended.
public final class SpyOutput: ConsoleOutput {
    private let lines = Mutex<(out: [StyledText], err: [StyledText], activities: [String])>(([], [], []))

    public init() {}

    public var standardOutput: [String] { lines.withLock { $0.out.map(\.plain) } }
    public var standardError: [String] { lines.withLock { $0.err.map(\.plain) } }
    public var styledOutput: [StyledText] { lines.withLock { $0.out } }
    public var styledError: [StyledText] { lines.withLock { $0.err } }
    /// `begin LABEL`, `update LABEL` and `end`, in order.
    public var activities: [String] { lines.withLock { $0.activities } }

    public func printLine(_ text: StyledText) {
        lines.withLock { $0.out.append(text) }
    }

    public func printDiagnostic(_ text: StyledText) {
        lines.withLock { $0.err.append(text) }
    }

    public func beginActivity(_ label: String) {
        lines.withLock { $0.activities.append("begin \(label)") }
    }

    public func updateActivity(_ label: String) {
        lines.withLock { $0.activities.append("update \(label)") }
    }

    public func endActivity() {
        lines.withLock { $0.activities.append("end") }
    }
}
