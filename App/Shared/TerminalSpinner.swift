import Infrastructure
import Styling
import Synchronization

/// Shows that a wait is under way: once it has lasted `delay` (150 ms, so a quick
/// answer draws nothing), a frame on standard error every `interval`, cleared when the
/// wait ends and before any other line is written.
///
/// Each frame is drawn under the lock that `stop` takes, so a frame can never land
/// after the line that ended the wait.
public final class TerminalSpinner: Sendable {
    private struct State {
        /// The frames of the wait under way, cancelled when it stops.
        var task: Task<Void, Never>?
        /// Bumped by each begin and stop, so a frame of an ended wait is never drawn.
        var generation = 0
        var showing = false
        /// What the frames say, escaped (a label can hold what the person typed, such
        /// as a category's slug); `relabel` changes it while they turn.
        var label = ""
    }

    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    private let state = Mutex(State())
    private let write: @Sendable (String) -> Void
    private let sleeper: any Sleeper
    /// Starts the frames as work of their own; injected, so a test waits for them to end.
    private let start: @Sendable (@escaping @Sendable () async -> Void) -> Task<Void, Never>
    private let delay: Duration
    private let interval: Duration

    public init(
        write: @escaping @Sendable (String) -> Void,
        sleeper: any Sleeper = ContinuousSleeper(),
        start: @escaping @Sendable (@escaping @Sendable () async -> Void) -> Task<Void, Never> = { work in Task { await work() } },
        delay: Duration = .milliseconds(150),
        interval: Duration = .milliseconds(100)
    ) {
        self.write = write
        self.sleeper = sleeper
        self.start = start
        self.delay = delay
        self.interval = interval
    }

    public func begin(_ label: String) {
        stop()
        state.withLock { state in
            let generation = state.generation
            state.label = TerminalText.escapingControls(label)
            state.task = start { [self] in
                await animate(generation: generation)
            }
        }
    }

    /// Says something new in the frames still to come (counts of work done, say).
    public func relabel(_ label: String) {
        state.withLock { $0.label = TerminalText.escapingControls(label) }
    }

    /// Ends the wait and clears its frame, if one was drawn.
    public func stop() {
        state.withLock { state in
            state.generation += 1
            state.task?.cancel()
            if state.showing {
                write(ANSI.clearLine)
                state.showing = false
            }
        }
    }

    private func animate(generation: Int) async {
        do {
            try await sleeper.sleep(for: delay)
            var index = 0
            while true {
                let drawn = state.withLock { state in
                    guard state.generation == generation else { return false }
                    write(ANSI.clearLine + Self.frames[index % Self.frames.count] + " " + state.label + "…")
                    state.showing = true
                    return true
                }
                guard drawn else { return }
                index += 1
                try await sleeper.sleep(for: interval)
            }
        } catch {
            // Cancelled: the wait is over, and `stop` clears the line.
        }
    }
}
