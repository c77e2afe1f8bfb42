import Data
import Foundation
import TestSupport
import Testing

/// What every `SessionStore` must do: keep one session, exactly; let one holder of its
/// lock in at a time; be seen through another handle on the same place, as another
/// process opens it; work from any thread; say what it holds. Each clause has a
/// mistake planted in the fake that it catches (`catching`). The real cross-process
/// refresh runs the binary itself (ParallelRefreshTests).
enum SessionStoreContract {
    static let first = Session(accessToken: "access-1", refreshToken: "refresh-1", userID: 1)
    static let second = Session(accessToken: "access-2", refreshToken: "refresh-2", userID: 2)

    static let empty = ContractClause<SessionStoreKind>("a new store holds no session") { kind in
        let (store, place) = try kind.make()
        defer { place.clean() }
        #expect(try await store.load() == nil)
    }

    static let exact = ContractClause<SessionStoreKind>("a saved session loads back exactly, tokens and user") { kind in
        let (store, place) = try kind.make()
        defer { place.clean() }
        try await store.save(first)
        #expect(try await store.load() == first)
    }

    static let replace = ContractClause<SessionStoreKind>("a second save replaces the first") { kind in
        let (store, place) = try kind.make()
        defer { place.clean() }
        try await store.save(first)
        try await store.save(second)
        #expect(try await store.load() == second)
    }

    static let clear = ContractClause<SessionStoreKind>("clear forgets the session, and succeeds when there is none") { kind in
        let (store, place) = try kind.make()
        defer { place.clean() }
        try await store.clear()
        try await store.save(first)
        try await store.clear()
        #expect(try await store.load() == nil)
        try await store.clear()
    }

    /// The lock exists for the token refresh: read the session, change it, save it,
    /// with no other holder between. Eight holders each add one to a counter that way,
    /// yielding between the read and the write so that, without exclusion, another
    /// reads the same value; none of the eight may be lost.
    static let lock = ContractClause<SessionStoreKind>("a lock keeps every other holder out: eight read-change-writes under it lose none") { kind in
        let (store, place) = try kind.make()
        defer { place.clean() }
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
        #expect(try await store.load()?.accessToken == "8")
    }

    /// Two holders at once: while the first holds the lock, the second, already asking,
    /// is kept out; it gets the lock only after the first's last step. (The first takes
    /// a hundred turns before that step, so a second let in at once is seen.)
    static let waits = ContractClause<SessionStoreKind>("two holders at once: the second waits until the first releases") { kind in
        let (store, place) = try kind.make()
        defer { place.clean() }
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
        #expect(await steps.entries == ["first releases", "second holds"])
    }

    /// What one process saves another loads, and what it clears is gone for the first:
    /// the refresh of one `storefront` is the session of the next.
    static let anotherProcess = ContractClause<SessionStoreKind>("a session saved through one handle is loaded through another, as in another process") { kind in
        let (store, place) = try kind.make()
        defer { place.clean() }
        try await store.save(first)
        let other = kind.another(in: place)
        #expect(try await other.load() == first)
        try await other.save(second)
        #expect(try await store.load() == second)
        try await other.clear()
        #expect(try await store.load() == nil)
    }

    /// Made on one thread, used on another: Swift moves a task between threads at any
    /// `await`, so a handle that belongs to its thread fails at random in real use.
    static let anotherThread = ContractClause<SessionStoreKind>("a handle made on one thread works from another") { kind in
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
        #expect(madeOn != usedOn, "both steps ran on one thread; the clause checked nothing")
        #expect(loaded == first)
    }

    /// `status` and start-up ask the store about itself: nothing kept, then one kept,
    /// private, and never a token in what it says.
    static let inspects = ContractClause<SessionStoreKind>("it says where it keeps the session, whether one is kept, and that it is private; never a token") { kind in
        let (store, place) = try kind.make()
        defer { place.clean() }
        let empty = await store.inspect()
        try await store.save(first)
        let kept = await store.inspect()
        try await store.checkPrivacy()
        #expect(empty.permissions == nil)
        #expect(kept.permissions != nil)
        #expect(kept.isPrivate && kept.fix == nil)
        #expect(!"\(kept)".contains(first.accessToken) && !"\(kept)".contains(first.refreshToken))
    }

    static let clauses = [empty, exact, replace, clear, lock, waits, anotherProcess, anotherThread, inspects]

    /// The clauses each planted mistake must fail, and no others.
    static func catching(_ mistake: FakeSessionStore.PlantedMistake) -> [ContractClause<SessionStoreKind>] {
        switch mistake {
        case .keepsTheFirst: [replace, lock, anotherProcess]
        case .forgetsNothing: [clear, anotherProcess]
        case .clearFailsWhenEmpty: [clear]
        case .lockExcludesNoOne: [lock, waits]
        case .handlesKeepApart: [anotherProcess]
        case .boundToItsThread: [anotherThread]
        }
    }

    /// Clauses a mistake fails only when the pool happens to move a holder to another
    /// thread: not counted either way, as no clause may depend on where the pool runs.
    static func mayAlsoCatch(_ mistake: FakeSessionStore.PlantedMistake) -> [ContractClause<SessionStoreKind>] {
        mistake == .boundToItsThread ? [lock, waits, anotherProcess] : []
    }
}

@Suite("The SessionStore contract, over every store", .timeLimit(.minutes(2)))
struct SessionStoreContractTests {
    @Test("every store keeps each clause", arguments: ContractCase.all(SessionStoreKind.all, SessionStoreContract.clauses))
    func keeps(_ row: ContractCase<SessionStoreKind>) async throws {
        try await row.clause.check(row.subject)
    }

    @Test("a mistake planted in the fake fails exactly the clauses that should catch it", arguments: FakeSessionStore.PlantedMistake.allCases)
    func planted(_ mistake: FakeSessionStore.PlantedMistake) async {
        let failing = await SessionStoreContract.clauses.failing(for: SessionStoreKind.fake(planting: mistake))
        let mayAlsoFail = SessionStoreContract.mayAlsoCatch(mistake).map(\.promise)
        #expect(failing.filter { !mayAlsoFail.contains($0) } == SessionStoreContract.catching(mistake).map(\.promise))
    }
}

/// The order in which the holders of a lock did their steps.
private actor StepLog {
    private(set) var entries: [String] = []

    func append(_ entry: String) {
        entries.append(entry)
    }
}
