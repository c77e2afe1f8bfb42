import Synchronization

/// A clock that moves only when the test says so. A sleeper registers its deadline;
/// `advance(by:)` wakes every sleeper whose deadline has come; cancelling the sleeping
/// task wakes it at once with an error. Nothing waits on real time.
public final class ManualClock: Clock, Sendable {
    /// A point on this clock: how far it is from the clock's start.
    public struct Instant: InstantProtocol {
        public let offset: Duration

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (left: Instant, right: Instant) -> Bool {
            left.offset < right.offset
        }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
        var registered = 0
        var cancelled: Set<Int> = []
    }

    private let state = Mutex(State())
    private let registrations = CountWaiters()

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Under the lock, so a cancellation that lands meanwhile either finds this
                // sleeper or is seen here: never neither.
                let (count, cancelled, due) = state.withLock { state in
                    state.registered += 1
                    let cancelled = state.cancelled.contains(id)
                    let due = deadline <= state.now
                    if !cancelled, !due { state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation)) }
                    return (state.registered, cancelled, due)
                }
                if cancelled {
                    continuation.resume(throwing: CancellationError())
                } else if due {
                    continuation.resume()
                }
                registrations.reached(count)
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                state.cancelled.insert(id)
                return state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes the sleepers that are due. Async, as a test's other
    /// steps are, so it reads as one of them.
    public func advance(by duration: Duration) async {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        due.forEach { $0.continuation.resume() }
    }

    /// Sleeps registered whose deadline has not come: a test sees a wait is still on.
    public var pending: Int {
        get async { state.withLock { $0.sleepers.count } }
    }

    /// Waits until `count` sleeps have been registered since the start, so a test knows
    /// the presenter is really waiting before it moves time.
    /// Ends early when the test is cancelled (`CountWaiters`).
    public func waitForSleeps(_ count: Int) async {
        await registrations.wait(until: count)
    }
}
