import Data
import Foundation

/// A `SessionStore` in memory that counts saves and can be told to fail. It keeps
/// `SessionStoreContractTests` with `FileSessionStore`, its lock included: one holder
/// at a time, in the order they asked. What it cannot do is be seen by another
/// process (the contract shares one fake between handles on one folder), so the
/// cross-process refresh is tested on the real stores.
public actor FakeSessionStore: SessionStore {
    /// A mistake a hand-written session store makes, planted on purpose: the contract
    /// suite shows that each one fails the clauses that should catch it.
    public enum PlantedMistake: CaseIterable, Sendable {
        /// Keeps the first session saved, as a store that writes only when none exists.
        case keepsTheFirst
        /// Clear does nothing.
        case forgetsNothing
        /// Throws when asked to clear an empty store.
        case clearFailsWhenEmpty
        /// A lock that lets everyone in at once.
        case lockExcludesNoOne
        /// Each handle keeps a session of its own, so another process sees none.
        case handlesKeepApart
        /// A handle works only on the thread that made it (the Linux process keyring's
        /// trap); planted by the contract around the fake.
        case boundToItsThread
    }

    public private(set) var session: Session?
    public private(set) var saveCount = 0
    private let failure: SessionStoreError?
    private let mistake: PlantedMistake?
    private let turns = TurnLock()

    public init(_ session: Session? = nil, failing failure: SessionStoreError? = nil, planting mistake: PlantedMistake? = nil) {
        self.session = session
        self.failure = failure
        self.mistake = mistake
    }

    /// Nothing to check in memory, unless told to fail.
    public func checkPrivacy() async throws(SessionStoreError) {
        if let failure { throw failure }
    }

    public func inspect() async -> SessionStoreReport {
        SessionStoreReport(store: "memory", holder: "value", location: "this process", permissions: session == nil ? nil : "private", isPrivate: true, fix: nil)
    }

    public func load() async throws(SessionStoreError) -> Session? {
        if let failure { throw failure }
        return session
    }

    public func save(_ session: Session) async throws(SessionStoreError) {
        if let failure { throw failure }
        saveCount += 1
        if mistake == .keepsTheFirst, self.session != nil { return }
        self.session = session
    }

    /// Waits for its turn: a caller holding the lock keeps every other out until it
    /// releases, as `flock` does across processes.
    public func lockExclusively() async throws(SessionStoreError) -> any SessionLock {
        if mistake == .lockExcludesNoOne { return Turn(lock: nil) }
        await turns.acquire()
        return Turn(lock: turns)
    }

    public func clear() async throws(SessionStoreError) {
        if let failure { throw failure }
        switch mistake {
        case .forgetsNothing: return
        case .clearFailsWhenEmpty where session == nil: throw .unavailable("no session to clear")
        default: session = nil
        }
    }
}

/// One holder's turn; releasing it more than once releases it once.
private final class Turn: SessionLock, @unchecked Sendable {
    private let lock: TurnLock?
    private let released = NSLock()
    private var done = false

    init(lock: TurnLock?) {
        self.lock = lock
    }

    func release() {
        released.lock()
        let first = !done
        done = true
        released.unlock()
        if first { lock?.release() }
    }

    deinit {
        release()
    }
}

/// One holder at a time, the others waiting in order. A lock and a queue of
/// continuations rather than an actor: `release()` is synchronous, as a file lock's is.
/// `NSLock` rather than `Mutex`, which ThreadSanitizer cannot follow.
private final class TurnLock: @unchecked Sendable {
    private let state = NSLock()
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.lock()
            if held {
                waiting.append(continuation)
                state.unlock()
            } else {
                held = true
                state.unlock()
                continuation.resume()
            }
        }
    }

    /// Hands the lock to the next in line, or frees it.
    func release() {
        state.lock()
        guard !waiting.isEmpty else {
            held = false
            state.unlock()
            return
        }
        let next = waiting.removeFirst()
        state.unlock()
        next.resume()
    }
}
