import Testing

/// Runs each test case of the suite on a thread of its own instead of Swift's shared
/// pool, which has one thread per core (two here) for every test in the run.
///
/// For tests whose work holds a thread for seconds without suspending: an `await` on a
/// file store or a model runs straight through when nothing inside it suspends, so
/// 300 steps of file I/O hold a pool thread from the first step to the last. Two such
/// cases at once hold both pool threads for seconds, and every other test's time limit
/// keeps running meanwhile (docs/TESTING.md, "Time limits"). On a thread of
/// its own the work is scheduled by the kernel beside everything else, and the pool
/// stays free for the tests that need only moments of it.
///
/// The preference reaches the test's child tasks and the default actors it calls
/// (SE-0417); a `Task {}` it starts goes back to the pool, as one would anyway. So the
/// whole test shares one thread: a test whose point is work running in parallel (racing
/// writers) gives each racer a `ThreadExecutor` of its own instead, through
/// `addTask(executorPreference:)`, as `FileResponseCacheTests.concurrentWriters` does.
public struct OnItsOwnThread: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// A thread for each test case; the suite itself needs none.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> OnItsOwnThread? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let thread = ThreadExecutor()
        defer { thread.stop() }
        try await withTaskExecutorPreference(thread, operation: function)
    }
}

extension Trait where Self == OnItsOwnThread {
    /// Each test case runs on a thread of its own, off the shared pool.
    public static var onItsOwnThread: Self { OnItsOwnThread() }
}
