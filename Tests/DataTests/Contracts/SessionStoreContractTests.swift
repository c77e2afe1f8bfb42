import Data
import Foundation
import TestSupport
import Testing

/// What every `SessionStore` must do: keep one session, exactly; let one holder of its
/// lock in at a time; be seen through another handle on the same place, as another
/// process opens it; work from any thread; say what it holds. Each clause has a
/// mistake planted in the fake that it catches. The real cross-process refresh runs the
/// binary itself (ParallelRefreshTests).
enum SessionStoreContract: ContractClause {
    case empty, exact, replace, clear, lock, waits, anotherProcess, anotherThread, inspects

    var testDescription: String {
        switch self {
        case .empty: "a new store holds no session"
        case .exact: "a saved session loads back exactly, tokens and user"
        case .replace: "a second save replaces the first"
        case .clear: "clear forgets the session, and succeeds when there is none"
        case .lock: "a lock keeps every other holder out: eight read-change-writes under it lose none"
        case .waits: "two holders at once: the second waits until the first releases"
        case .anotherProcess: "a session saved through one handle is loaded through another, as in another process"
        case .anotherThread: "a handle made on one thread works from another"
        case .inspects: "it says where it keeps the session, whether one is kept, and that it is private; never a token"
        }
    }

    /// How one step ended, as a clause records it.
    enum Outcome: Equatable, Sendable {
        /// What `load()` gave.
        case loaded(Session?)
        /// The order in which two holders of the lock did their steps.
        case steps([String])
        /// A rule the store may meet its own way, named: it held, or it broke.
        case holds(String)
        case broke(String)

        static func rule(_ name: String, _ held: Bool) -> Outcome { held ? .holds(name) : .broke(name) }
    }

    static let first = Session(accessToken: "access-1", refreshToken: "refresh-1", userID: 1)
    static let second = Session(accessToken: "access-2", refreshToken: "refresh-2", userID: 2)

    /// What this clause sees of a fresh store of `kind`; what the store kept outside its
    /// folder (a kernel key) is taken away however the clause ends.
    func seen(in kind: SessionStoreKind) async throws -> [Outcome] {
        if self == .anotherThread { return try await Self.acrossThreads(kind) }
        let (store, place) = try kind.make()
        defer { place.clean() }
        let (first, second) = (Self.first, Self.second)
        switch self {
        case .empty:
            return [.loaded(try await store.load())]
        case .exact:
            try await store.save(first)
            return [.loaded(try await store.load())]
        case .replace:
            try await store.save(first)
            try await store.save(second)
            return [.loaded(try await store.load())]
        case .clear:
            try await store.clear()
            try await store.save(first)
            try await store.clear()
            let loaded = try await store.load()
            try await store.clear()
            return [.loaded(loaded)]
        case .lock:
            return [.loaded(try await Self.eightReadChangeWrites(store))]
        case .waits:
            return [.steps(try await Self.twoHolders(store))]
        case .anotherProcess:
            // What one process saves another loads, and what it clears is gone for the
            // first: the refresh of one `storefront` is the session of the next.
            try await store.save(first)
            let other = kind.another(in: place)
            let loadedThere = try await other.load()
            try await other.save(second)
            let loadedHere = try await store.load()
            try await other.clear()
            return [.loaded(loadedThere), .loaded(loadedHere), .loaded(try await store.load())]
        case .inspects:
            // `status` and start-up ask the store about itself: nothing kept, then one
            // kept, private, and never a token in what it says.
            let empty = await store.inspect()
            try await store.save(first)
            let kept = await store.inspect()
            try await store.checkPrivacy()
            return [
                .rule("no permissions to show while nothing is kept", empty.permissions == nil),
                .rule("its permissions once one is kept", kept.permissions != nil),
                .rule("private, with nothing to fix", kept.isPrivate && kept.fix == nil),
                .rule("no token in what it says", !"\(kept)".contains(first.accessToken) && !"\(kept)".contains(first.refreshToken)),
            ]
        case .anotherThread:
            return []
        }
    }

    /// What this clause must see of any store.
    func expected(for kind: SessionStoreKind) -> [Outcome] {
        switch self {
        case .empty: [.loaded(nil)]
        case .exact: [.loaded(Self.first)]
        case .replace: [.loaded(Self.second)]
        case .clear: [.loaded(nil)]
        case .lock: [.loaded(Session(accessToken: "8", refreshToken: "r", userID: 1))]
        case .waits: [.steps(["first releases", "second holds"])]
        case .anotherProcess: [.loaded(Self.first), .loaded(Self.second), .loaded(nil)]
        case .anotherThread: [.holds("made and used on two threads"), .loaded(Self.first)]
        case .inspects: [
            .holds("no permissions to show while nothing is kept"), .holds("its permissions once one is kept"),
            .holds("private, with nothing to fix"), .holds("no token in what it says"),
        ]
        }
    }

    /// The lock exists for the token refresh: read the session, change it, save it,
    /// with no other holder between. Eight holders each add one to a counter that way,
    /// yielding between the read and the write so that, without exclusion, another
    /// reads the same value; none of the eight may be lost. What is left is returned.
    private static func eightReadChangeWrites(_ store: any SessionStore) async throws -> Session? {
        try await store.save(Session(accessToken: "0", refreshToken: "r", userID: 1))
        // All eight wait until all eight are there, so that they run at once.
        let go = Gate()
        let arrived = Counter(openingAt: 8, gate: go)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await arrived.increment()
                    try await go.wait()
                    let lock = try await store.lockExclusively()
                    defer { lock.release() }
                    let count = Int(try await store.load()?.accessToken ?? "") ?? -100
                    for _ in 0..<10 { await Task.yield() }
                    try await store.save(Session(accessToken: String(count + 1), refreshToken: "r", userID: 1))
                }
            }
            try await group.waitForAll()
        }
        return try await store.load()
    }

    /// Two holders at once: while the first holds the lock, the second, already asking,
    /// is kept out; it gets the lock only after the first's last step. Returns the order
    /// of their steps.
    private static func twoHolders(_ store: any SessionStore) async throws -> [String] {
        let steps = StepLog()
        let first = try await store.lockExclusively()
        let asking = Gate()
        let second = Task {
            await asking.open()
            let lock = try await store.lockExclusively()
            await steps.append("second holds")
            lock.release()
        }
        try await asking.wait()
        // A lock that excludes no one lets the second in at once: give it every chance
        // to show, stopping as soon as it has. A hundred turns were too few under the
        // whole suite's load, and the planted mistake went uncaught.
        var turns = 0
        while turns < 10_000, await !steps.entries.contains("second holds") {
            await Task.yield()
            turns += 1
        }
        await steps.append("first releases")
        first.release()
        try await second.value
        return await steps.entries
    }

    /// Made on one thread, used on another: Swift moves a task between threads at any
    /// `await`, so a handle that belongs to its thread fails at random in real use.
    private static func acrossThreads(_ kind: SessionStoreKind) async throws -> [Outcome] {
        let (making, using) = (ThreadExecutor(), ThreadExecutor())
        defer {
            making.stop()
            using.stop()
        }
        let place = try kind.place()
        defer { place.clean() }
        let (store, madeOn) = try await withTaskExecutorPreference(making) {
            let store = kind.build(place.folder)
            try await store.save(first)
            return (store, ThreadExecutor.currentThread)
        }
        let (loaded, usedOn) = try await withTaskExecutorPreference(using) {
            let loaded = try await store.load()
            let lock = try await store.lockExclusively()
            lock.release()
            try await store.clear()
            return (loaded, ThreadExecutor.currentThread)
        }
        return [.rule("made and used on two threads", madeOn != usedOn), .loaded(loaded)]
    }
}

@Suite("The SessionStore contract, over every store", .timeLimit(.minutes(2)))
struct SessionStoreContractTests {
    @Test("every store keeps each clause", arguments: SessionStoreKind.all, SessionStoreContract.allCases)
    func keeps(kind: SessionStoreKind, clause: SessionStoreContract) async throws {
        try await clause.expectKept(by: kind)
    }

    @Test("a mistake planted in the fake is seen by exactly the clauses that name it", arguments: FakeSessionStore.PlantedMistake.allCases)
    func planted(mistake: FakeSessionStore.PlantedMistake) async throws {
        let catching: [SessionStoreContract] = switch mistake {
        case .keepsTheFirst: [.replace, .lock, .anotherProcess]
        case .forgetsNothing: [.clear, .anotherProcess]
        case .clearFailsWhenEmpty: [.clear]
        case .lockExcludesNoOne: [.lock, .waits]
        case .handlesKeepApart: [.anotherProcess]
        case .boundToItsThread: [.anotherThread]
        }
        // A mistake bound to its thread fails these only when the pool happens to move a
        // holder to another thread: not counted either way, as no clause may depend on
        // where the pool runs.
        let mayAlsoCatch: [SessionStoreContract] = mistake == .boundToItsThread ? [.lock, .waits, .anotherProcess] : []
        let kind = SessionStoreKind.fake(planting: mistake)
        let counted = SessionStoreContract.allCases.filter { !mayAlsoCatch.contains($0) }
        #expect(try await SessionStoreContract.broken(among: counted) { try await $0(kind) } == catching)
    }
}

/// The order in which the holders of a lock did their steps.
private actor StepLog {
    private(set) var entries: [String] = []

    func append(_ entry: String) {
        entries.append(entry)
    }
}
