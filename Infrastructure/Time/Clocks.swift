#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

/// A duration in the units a log line, a percentile or Foundation wants; beside the clocks
/// that measure it, so the time a reader follows is one file.
extension Duration {
    /// Whole milliseconds, rounded down: what a log line or a step timer prints.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// Whole microseconds, rounded down: what a latency percentile prints.
    public var wholeMicroseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// The duration in seconds, as Foundation's `Date` and `URLSession` want it.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
