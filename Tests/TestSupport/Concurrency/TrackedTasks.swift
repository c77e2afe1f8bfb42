import Presentation
import Synchronization

/// A `TaskStarter` that remembers every task it started, so a test can wait until all
/// of them (and any they started in turn) have ended before it looks at the result.
public final class TrackedTasks: TaskStarter {
    private let started = Mutex<[Task<Void, Never>]>([])

    public init() {}

    public func start(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let task = Task { await work() }
        started.withLock { $0.append(task) }
        return task
    }

    /// Returns once every task started so far has ended. When the waiting test is
    /// cancelled (its time limit), the tasks are cancelled too, so the wait ends.
    public func settle() async {
        var waited = 0
        while true {
            let pending = started.withLock { Array($0.dropFirst(waited)) }
            guard !pending.isEmpty else { return }
            await withTaskCancellationHandler {
                for task in pending { await task.value }
            } onCancel: {
                pending.forEach { $0.cancel() }
            }
            waited += pending.count
        }
    }
}
