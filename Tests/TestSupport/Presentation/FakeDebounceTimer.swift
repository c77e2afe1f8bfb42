import Presentation
import Synchronization

/// A debounce clock that moves only when the test says so. A sleeper registers its
/// deadline; `advance(by:)` wakes every sleeper whose deadline has come; cancelling
/// the sleeping task wakes it at once with an error. Nothing waits on real time.
public actor FakeDebounceTimer: DebounceTimer {
    public init() {}

    private struct Sleeper {
        let id: Int
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private var now = Duration.zero
    private var sleepers: [Sleeper] = []
    private var nextID = 0
    private var registered = 0
    private let registrations = CountWaiters()

    public nonisolated func sleep(for duration: Duration) async throws {
        let id = await reserveID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Task { await self.register(Sleeper(id: id, deadline: .zero, continuation: continuation), after: duration) }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    /// Moves time forward and wakes the sleepers that are due.
    public func advance(by duration: Duration) {
        now += duration
        let due = sleepers.filter { $0.deadline <= now }
        sleepers.removeAll { $0.deadline <= now }
        due.forEach { $0.continuation.resume() }
    }

    /// Sleeps registered whose deadline has not come: a test sees a wait is still on.
    public var pending: Int { sleepers.count }

    /// Waits until `count` sleeps have been registered since the start, so a test knows
    /// the presenter is really waiting before it moves time.
    /// Ends early when the test is cancelled (`CountWaiters`).
    public func waitForSleeps(_ count: Int) async {
        await registrations.wait(until: count)
    }

    private func reserveID() -> Int {
        nextID += 1
        return nextID
    }

    private var cancelled: Set<Int> = []

    private func register(_ sleeper: Sleeper, after duration: Duration) {
        registered += 1
        if cancelled.contains(sleeper.id) {
            sleeper.continuation.resume(throwing: CancellationError())
        } else {
            sleepers.append(Sleeper(id: sleeper.id, deadline: now + duration, continuation: sleeper.continuation))
        }
        registrations.reached(registered)
    }

    private func cancel(_ id: Int) {
        cancelled.insert(id)
        if let index = sleepers.firstIndex(where: { $0.id == id }) {
            sleepers.remove(at: index).continuation.resume(throwing: CancellationError())
        }
    }
}
