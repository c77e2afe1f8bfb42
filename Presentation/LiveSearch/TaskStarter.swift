/// Starts work that runs on its own while its starter goes on (a debounced search, a
/// spinner's frames). Injected, as the timer is, so a test waits for every piece of work
/// to end through its own starter, and the type that starts the work keeps no count of
/// it for the test's sake.
public protocol TaskStarter: Sendable {
    /// Starts `work` now; the returned task is the caller's to cancel.
    func start(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never>
}

/// The real thing: each piece of work is an unstructured task of its own.
public struct UnstructuredTasks: TaskStarter {
    public init() {}

    public func start(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        Task { await work() }
    }
}
