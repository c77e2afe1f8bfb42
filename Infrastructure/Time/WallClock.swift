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
