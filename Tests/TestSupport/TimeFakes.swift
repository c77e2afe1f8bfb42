import Foundation
import Infrastructure
import Synchronization

/// A wall clock that stands still until the test moves it.
public final class FakeWallClock: WallClock {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    public var now: Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

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

/// Lets tasks wait until the test (or another task) opens it; no timers involved.
public actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    public func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    public func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters.removeAll()
    }
}

/// Counts events and opens a gate when the count reaches a target.
public actor Counter {
    public private(set) var value = 0
    private let target: Int
    private let gate: Gate

    public init(openingAt target: Int, gate: Gate) {
        self.target = target
        self.gate = gate
    }

    public func increment() async {
        value += 1
        if value == target { await gate.open() }
    }
}
