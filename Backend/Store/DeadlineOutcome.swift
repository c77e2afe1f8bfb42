import Synchronization

/// How some work raced against its deadline ended: its value, its error, or the deadline first.
///
/// A task group cannot bound work that ignores cancellation: the group waits for every
/// child before it returns. `race` answers at the deadline all the same, and leaves the
/// work cancelled, to end when it will (a PostgreSQL statement already sent ends when
/// the server's `statement_timeout` ends it).
enum DeadlineOutcome<Value: Sendable>: Sendable {
    case value(Value)
    case failed(any Error)
    case timedOut

    /// The outcome of `work`, or `.timedOut` once `deadline` has passed, whichever comes
    /// first; the loser is cancelled. Cancelling the caller cancels the work.
    static func race(_ work: @escaping @Sendable () async throws -> Value, deadline: Duration) async -> DeadlineOutcome {
        let race = Race()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<DeadlineOutcome, Never>) in
                race.start(continuation, work: work, deadline: deadline)
            }
        } onCancel: {
            race.cancelWork()
        }
    }

    /// The continuation, resumed once, and the two tasks racing to resume it.
    private final class Race: Sendable {
        private struct State {
            var continuation: CheckedContinuation<DeadlineOutcome, Never>?
            var work: Task<Void, Never>?
            var timer: Task<Void, Never>?
            var cancelled = false
        }

        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<DeadlineOutcome, Never>, work: @escaping @Sendable () async throws -> Value, deadline: Duration) {
            // The continuation is in place before either task can settle.
            state.withLock { $0.continuation = continuation }
            let worker = Task {
                let outcome: DeadlineOutcome
                do {
                    outcome = .value(try await work())
                } catch {
                    outcome = .failed(error)
                }
                self.settle(outcome)
            }
            let timer = Task {
                try? await Task.sleep(for: deadline)
                self.settle(.timedOut)
            }
            let (settled, cancelled) = state.withLock { state in
                state.work = worker
                state.timer = timer
                return (state.continuation == nil, state.cancelled)
            }
            if settled { timer.cancel() }
            if cancelled { worker.cancel() }
        }

        /// Resumes the caller with `outcome` if nothing has yet, and cancels both tasks
        /// (the one settling has finished already).
        private func settle(_ outcome: DeadlineOutcome) {
            let taken = state.withLock { state in
                defer { state.continuation = nil }
                return (state.continuation, state.work, state.timer)
            }
            guard let continuation = taken.0 else { return }
            taken.1?.cancel()
            taken.2?.cancel()
            continuation.resume(returning: outcome)
        }

        func cancelWork() {
            let work = state.withLock { state in
                state.cancelled = true
                return state.work
            }
            work?.cancel()
        }
    }
}
