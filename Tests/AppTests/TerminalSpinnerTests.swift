@testable import AppShared
import Synchronization
import TestSupport
import Testing

/// The spinner on a sleeper the test moves: nothing before the delay, frames after,
/// a cleared line when the wait ends, and no frame after that.
@Suite("TerminalSpinner", .timeLimit(.minutes(1)))
struct TerminalSpinnerTests {
    final class Screen: Sendable {
        private let writes = Mutex<[String]>([])
        var all: [String] { writes.withLock { $0 } }
        func append(_ text: String) { writes.withLock { $0.append(text) } }
    }

    /// Starts the spinner's frames, and waits for them to end.
    let tasks = TrackedTasks()

    /// A spinner writing to a screen the test reads, on a sleeper the test moves.
    private func spinner() -> (TerminalSpinner, Screen, ManualSleeper) {
        let screen = Screen()
        let sleeper = ManualSleeper()
        return (TerminalSpinner(write: screen.append, sleeper: sleeper, start: tasks.start), screen, sleeper)
    }

    @Test("a quick wait draws nothing; a long one draws frames, then clears its line when it ends")
    func frames() async {
        let (spinner, screen, sleeper) = spinner()

        spinner.begin("Searching")
        await sleeper.waitForSleepers(1)
        #expect(screen.all.isEmpty, "drawn before the delay")

        await sleeper.wakeAll()            // the delay is over: the first frame, then a wait
        await sleeper.waitForSleepers(2)
        await sleeper.wakeAll()            // the interval: a second frame
        await sleeper.waitForSleepers(3)
        #expect(screen.all == ["\r\u{1B}[K⠋ Searching…", "\r\u{1B}[K⠙ Searching…"])

        // The third frame is due as the wait ends: it may land before the clear, never after.
        await sleeper.wakeAll()
        spinner.stop()
        await tasks.settle()
        #expect(screen.all.last == "\r\u{1B}[K", "a frame after the wait ended: \(screen.all)")
        #expect(screen.all.filter { $0 == "\r\u{1B}[K" }.count == 1)
    }

    @Test("a wait that ends before the delay leaves no trace")
    func quick() async {
        let (spinner, screen, sleeper) = spinner()

        spinner.begin("Signing in")
        await sleeper.waitForSleepers(1)
        spinner.stop()
        await sleeper.wakeAll()
        await tasks.settle()

        #expect(screen.all.isEmpty)
    }

    @Test("a label cannot carry a control character to the terminal")
    func escapedLabel() async {
        let (spinner, screen, sleeper) = spinner()

        spinner.begin("Loading \"\u{1B}]0;pwned\u{07}\"")
        await sleeper.waitForSleepers(1)
        await sleeper.wakeAll()
        await sleeper.waitForSleepers(2)
        spinner.stop()

        let frame = screen.all.first ?? ""
        #expect(frame.hasSuffix(#"Loading "\u001b]0;pwned\u0007"…"#), "\(frame.debugDescription)")
    }
}
