import Infrastructure

/// A sleeper whose waits end only when the test says so: `sleep` registers and
/// suspends, `waitForSleepers` lets the test see a wait has begun, and `wakeAll` ends
/// every wait under way. Cancelling the sleeping task ends its wait with an error.
public actor ManualSleeper: Sleeper {
    private var sleepers: [Int: CheckedContinuation<Void, any Error>] = [:]
    /// Waits cancelled before they registered: they end at once when they do.
    private var cancelled: Set<Int> = []
    private var nextID = 0
    private var started = 0
    private let starts = CountWaiters()

    public init() {}

    public nonisolated func sleep(for duration: Duration) async throws {
        let id = await reserve()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Task { await self.register(id, continuation) }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    /// Returns once `count` waits have begun in all, or the test is cancelled.
    public func waitForSleepers(_ count: Int) async {
        await starts.wait(until: count)
    }

    /// Ends every wait under way, as if its time had come.
    public func wakeAll() {
        let waking = sleepers.values
        sleepers.removeAll()
        waking.forEach { $0.resume() }
    }

    private func reserve() -> Int {
        nextID += 1
        return nextID
    }

    private func register(_ id: Int, _ continuation: CheckedContinuation<Void, any Error>) {
        if cancelled.contains(id) {
            continuation.resume(throwing: CancellationError())
            return
        }
        sleepers[id] = continuation
        started += 1
        starts.reached(started)
    }

    private func cancel(_ id: Int) {
        cancelled.insert(id)
        sleepers.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }
}
