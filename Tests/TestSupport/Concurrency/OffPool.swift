import Foundation

/// Runs blocking work (a socket read, a child process's output) on a thread of its
/// own and awaits it. Swift concurrency shares a thread per core among all running
/// tests; a test that blocks one of them delays every other test's timers and
/// continuations (on 2 cores, enough to make a 0.8 s deadline fire seconds late).
public func runOffPool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            continuation.resume(with: Swift.Result { try work() })
        }.start()
    }
}
