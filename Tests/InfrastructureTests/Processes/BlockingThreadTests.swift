import Infrastructure
import Synchronization
import Testing

@Suite("A thread for blocking work", .timeLimit(.minutes(1)))
struct BlockingThreadTests {
    /// The work runs while the task that started it waits, so it is not on a thread
    /// of the task pool's (both would otherwise need the same one).
    @Test("runs its work, once, off the task that started it")
    func runsOnce() async {
        let runs = Atomic(0)
        let started = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let started = BlockingThread.start {
                runs.add(1, ordering: .sequentiallyConsistent)
                continuation.resume(returning: true)
            }
            if !started { continuation.resume(returning: false) }
        }
        #expect(started)
        #expect(runs.load(ordering: .sequentiallyConsistent) == 1)
    }
}
