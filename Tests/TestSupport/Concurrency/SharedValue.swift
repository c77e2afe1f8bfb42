import Foundation

/// One value that tasks and threads read and write: a flag a task raises, a process id
/// a server's thread reads. An `NSLock` (a pthread mutex, which ThreadSanitizer follows,
/// unlike `Mutex`'s futex), since Swift's `Atomic` cannot be generic over its value.
public final class SharedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) {
        stored = value
    }

    public var value: Value { lock.withLock { stored } }

    public func set(_ value: Value) {
        lock.withLock { stored = value }
    }
}
