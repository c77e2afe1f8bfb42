import Presentation
import Styling

/// An output port that drops everything: the presenters `demo --json` drives write
/// their human lines here, so standard output holds only the demo's one document.
struct DiscardedOutput: ConsoleOutput {
    func printLine(_ text: StyledText) {}
    func printDiagnostic(_ text: StyledText) {}
    func beginActivity(_ label: String) {}
    func updateActivity(_ label: String) {}
    func endActivity() {}
}
