import Foundation

/// A task executor with one thread of its own: code run under
/// `withTaskExecutorPreference(executor)` runs on that thread and no other. The
/// contract uses two of them to make a session store's handle on one thread and use it
/// on another, as Swift's pool does at random (a keyring handle bound to its thread
/// failed only then).
public final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopping = false

    public init() {
        Thread { [self] in run() }.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once the jobs it has are done.
    public func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty, !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// The thread the code calling this runs on, to show two executors' differ.
    public static var currentThread: UInt { UInt(pthread_self()) }
}
