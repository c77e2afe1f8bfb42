import Foundation

/// Tells the calendar time. Injected so that cache ages are testable with a manual clock.
public protocol WallClock: Sendable {
    var now: Date { get }
}

/// The system's calendar time.
public struct SystemWallClock: WallClock {
    public init() {}

    public var now: Date { Date() }
}

/// Waits for a while. Injected wherever code waits (retry backoff, debounce) so that
/// tests can record the waits instead of spending them.
public protocol Sleeper: Sendable {
    /// Returns after `duration`, or throws `CancellationError` as soon as the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real thing: sleeps on the continuous clock.
public struct ContinuousSleeper: Sleeper {
    public init() {}

    public func sleep(for duration: Duration) async throws {
        try await ContinuousClock().sleep(for: duration)
    }
}
