import Infrastructure
import Presentation

/// The real debounce clock for the interactive presenter.
struct ContinuousDebounceTimer: DebounceTimer {
    func sleep(for duration: Duration) async throws {
        try await ContinuousSleeper().sleep(for: duration)
    }
}
