/// Waits for the debounce; injected so tests drive time instead of spending it.
public protocol DebounceTimer: Sendable {
    /// Returns after `duration`, or throws as soon as the calling task is cancelled.
    func sleep(for duration: Duration) async throws
}
