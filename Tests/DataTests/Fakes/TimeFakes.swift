import Foundation
import Infrastructure
import Synchronization

/// A wall clock that stands still until the test moves it.
final class ManualWallClock: WallClock {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// A sleeper that returns at once and remembers how long it was asked to wait, or
/// throws `CancellationError` to act out a cancellation during the wait.
actor RecordingSleeper: Sleeper {
    private(set) var waits: [Duration] = []
    private let cancels: Bool

    init(cancels: Bool = false) {
        self.cancels = cancels
    }

    func sleep(for duration: Duration) async throws {
        waits.append(duration)
        if cancels { throw CancellationError() }
    }
}

/// Lets tasks wait until the test (or another task) opens it; no timers involved.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters.removeAll()
    }
}

/// Counts events and opens a gate when the count reaches a target.
actor Counter {
    private(set) var value = 0
    private let target: Int
    private let gate: Gate

    init(openingAt target: Int, gate: Gate) {
        self.target = target
        self.gate = gate
    }

    func increment() async {
        value += 1
        if value == target { await gate.open() }
    }
}
