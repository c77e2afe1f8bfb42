import Synchronization

/// Tasks waiting for a count to reach their number: a test double's "wait until N
/// calls came". A wait also ends when its task is cancelled, which is what a time limit
/// does, so a call that never comes fails the test instead of hanging the run.
public final class CountWaiters: Sendable {
    private struct Waiter {
        let id: Int
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var reached = 0
        var nextID = 0
        var waiting: [Waiter] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Returns once the count has reached `count`, or the task is cancelled.
    public func wait(until count: Int) async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Under the lock, so a cancellation or a count that lands meanwhile
                // either finds this waiter or is seen here: never neither.
                let ready = state.withLock { state in
                    guard state.reached < count, !Task.isCancelled else { return true }
                    state.waiting.append(Waiter(id: id, count: count, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let abandoned = state.withLock { state in
                state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0) }
            }
            abandoned?.continuation.resume()
        }
    }

    /// The count is now `count`: every wait for that many or fewer ends.
    public func reached(_ count: Int) {
        let due = state.withLock { state in
            state.reached = count
            let due = state.waiting.filter { $0.count <= count }
            state.waiting.removeAll { $0.count <= count }
            return due
        }
        due.forEach { $0.continuation.resume() }
    }
}
