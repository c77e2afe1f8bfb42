import Synchronization
import Testing

/// The backends a test has started, stopped when the test ends however it ends. A
/// suite that starts backends carries `.stopsItsBackends`; `RunningBackend.start`
/// refuses to start one outside it, so no server outlives the test that started it
/// (a teardown handed to a new `Task` in a `defer` may run after the test has
/// returned, or never).
struct StopsItsBackends: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    /// A scope for each test case, not for the suite: each run stops its own backends.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> StopsItsBackends? {
        testCase == nil ? nil : self
    }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let started = StartedBackends()
        let outcome: Result<Void, any Error>
        do {
            outcome = .success(try await StartedBackends.$current.withValue(started, operation: function))
        } catch {
            outcome = .failure(error)
        }
        // `stop()` returns once the server's run loop has returned: gone, not asked to go.
        for backend in started.all {
            await backend.stop()
        }
        try outcome.get()
    }
}

extension Trait where Self == StopsItsBackends {
    /// Stops every backend the test started, once the test is over.
    static var stopsItsBackends: Self { StopsItsBackends() }
}

/// The backends started in one test case's scope.
final class StartedBackends: Sendable {
    @TaskLocal static var current: StartedBackends?

    private let backends = Mutex<[RunningBackend]>([])

    func add(_ backend: RunningBackend) {
        backends.withLock { $0.append(backend) }
    }

    var all: [RunningBackend] { backends.withLock { $0 } }
}
