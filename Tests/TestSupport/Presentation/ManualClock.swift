import Synchronization

/// A clock that moves only when the test says so. A sleeper registers its deadline;
/// `advance(by:)` wakes every sleeper whose deadline has come; cancelling the sleeping
/// task wakes it at once with an error. Nothing waits on real time.
///
/// The sleepers are an actor's, not behind a lock: ThreadSanitizer cannot follow
/// `Mutex`'s futex. `now` is read without waiting, as `Clock` asks, from an atomic
/// that only the actor writes.
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

    private let nanoseconds = Atomic<Int64>(0)
    private let schedule = Schedule()

    public init() {}

    public var now: Instant { Instant(offset: .nanoseconds(nanoseconds.load(ordering: .acquiring))) }
    public var minimumResolution: Duration { .nanoseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = await schedule.reserveID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                Task { await self.schedule.register(id, until: deadline, continuation) }
            }
        } onCancel: {
            Task { await self.schedule.cancel(id) }
        }
    }

    /// Moves time forward and wakes the sleepers that are due.
    public func advance(by duration: Duration) async {
        await schedule.advance(by: duration, publishing: nanoseconds)
    }

    /// Sleeps registered whose deadline has not come: a test sees a wait is still on.
    public var pending: Int {
        get async { await schedule.pending }
    }

    /// Waits until `count` sleeps have been registered since the start, so a test knows
    /// the presenter is really waiting before it moves time.
    /// Ends early when the test is cancelled (`CountWaiters`).
    public func waitForSleeps(_ count: Int) async {
        await schedule.registrations.wait(until: count)
    }

    /// The sleepers and the time they are judged by.
    private actor Schedule {
        private struct Sleeper {
            let id: Int
            let deadline: Instant
            let continuation: CheckedContinuation<Void, any Error>
        }

        private var now = Instant(offset: .zero)
        private var sleepers: [Sleeper] = []
        private var nextID = 0
        private var registered = 0
        private var cancelled: Set<Int> = []
        let registrations = CountWaiters()

        var pending: Int { sleepers.count }

        func reserveID() -> Int {
            nextID += 1
            return nextID
        }

        func register(_ id: Int, until deadline: Instant, _ continuation: CheckedContinuation<Void, any Error>) {
            registered += 1
            if cancelled.contains(id) {
                continuation.resume(throwing: CancellationError())
            } else if deadline <= now {
                continuation.resume()
            } else {
                sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
            }
            registrations.reached(registered)
        }

        func cancel(_ id: Int) {
            cancelled.insert(id)
            if let index = sleepers.firstIndex(where: { $0.id == id }) {
                sleepers.remove(at: index).continuation.resume(throwing: CancellationError())
            }
        }

        func advance(by duration: Duration, publishing nanoseconds: borrowing Atomic<Int64>) {
            now = now.advanced(by: duration)
            let (seconds, attoseconds) = now.offset.components
            nanoseconds.store(seconds * 1_000_000_000 + attoseconds / 1_000_000_000, ordering: .releasing)
            let due = sleepers.filter { $0.deadline <= now }
            sleepers.removeAll { $0.deadline <= now }
            due.forEach { $0.continuation.resume() }
        }
    }
}
