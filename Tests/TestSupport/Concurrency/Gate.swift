/// Lets tasks wait until the test (or another task) opens it; no timers involved.
///
/// A wait ends when the gate opens, or when the waiting task is cancelled (a suite's
/// time limit): then it throws `CancellationError`, so a gate nobody opens fails its
/// test instead of hanging the run.
public actor Gate {
    private var isOpen = false
    private var waiters: [Int: CheckedContinuation<Void, any Error>] = [:]
    private var nextWaiter = 0

    public init() {}

    public func wait() async throws {
        if isOpen { return }
        let waiter = nextWaiter
        nextWaiter += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[waiter] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancel(waiter) }
        }
    }

    public func open() {
        isOpen = true
        for continuation in waiters.values { continuation.resume() }
        waiters.removeAll()
    }

    private func cancel(_ waiter: Int) {
        waiters.removeValue(forKey: waiter)?.resume(throwing: CancellationError())
    }
}
