import Infrastructure

/// A sleeper that returns at once and remembers how long it was asked to wait, or
/// throws `CancellationError` to act out a cancellation during the wait.
public actor SpySleeper: Sleeper {
    public private(set) var waits: [Duration] = []
    private let cancels: Bool

    public init(cancels: Bool = false) {
        self.cancels = cancels
    }

    public func sleep(for duration: Duration) async throws {
        waits.append(duration)
        if cancels { throw CancellationError() }
    }
}
