#if canImport(Glibc)
import Glibc
#endif

/// A detached thread for work that blocks (a `read`, a `flock`), so it never holds one
/// of the few threads Swift's concurrency runs tasks on.
///
/// A POSIX thread rather than Foundation's `Thread`: that class is outside
/// FoundationEssentials, and using it links all of Foundation and ICU's data (some
/// 40 MB) into a binary that needs nothing else of them.
public enum BlockingThread {
    /// Starts `work` on a new thread; false, with `work` never run, if the system has
    /// no thread to give.
    @discardableResult
    public static func start(_ work: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Work(work))
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().work()
            return nil
        }, box.toOpaque())
        guard started == 0 else {
            box.release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// Runs `work` on a thread of its own and returns what it returns, waiting without
    /// holding a task's thread; `noThread` when the system has no thread to give.
    public static func run<Result: Sendable>(
        noThread: Result,
        _ work: @escaping @Sendable () -> Result
    ) async -> Result {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
            if !start({ continuation.resume(returning: work()) }) {
                continuation.resume(returning: noThread)
            }
        }
    }

    /// The closure, as an object whose address can cross into the C start routine.
    private final class Work {
        let work: @Sendable () -> Void

        init(_ work: @escaping @Sendable () -> Void) {
            self.work = work
        }
    }
}
