import Data
import Foundation
import TestSupport
import Testing

/// One way to make a session store for the contract: fresh and empty. The folder it
/// returns keeps a file store's files alive for the clause.
struct SessionStoreKind: Sendable, CustomTestStringConvertible {
    let name: String
    let build: @Sendable (_ folder: String) -> any SessionStore

    var testDescription: String { name }

    static let file = SessionStoreKind(name: "FileSessionStore") { FileSessionStore(directory: $0) }

    /// The fake, with a mistake planted or none.
    static func fake(planting mistake: FakeSessionStore.PlantedMistake? = nil) -> SessionStoreKind {
        SessionStoreKind(name: mistake.map { "FakeSessionStore planting \($0)" } ?? "FakeSessionStore") { _ in
            FakeSessionStore(planting: mistake)
        }
    }

    static let all: [SessionStoreKind] = [.file, .fake()]

    func make() throws -> (store: any SessionStore, folder: TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        return (build(folder.file("state")), folder)
    }
}

/// What every `SessionStore` must do. What a store may not promise: that another
/// process sees its session; `FakeSessionStore` lives in one process, so tests of the
/// cross-process refresh use `FileSessionStore` (ParallelRefreshTests). Its lock does
/// keep a second holder out, as the lock clause checks of both.
enum SessionStoreContract {
    static let first = Session(accessToken: "access-1", refreshToken: "refresh-1", userID: 1)
    static let second = Session(accessToken: "access-2", refreshToken: "refresh-2", userID: 2)

    static let empty = ContractClause<SessionStoreKind>("a new store holds no session") { kind in
        let (store, _) = try kind.make()
        #expect(try await store.load() == nil)
    }

    static let exact = ContractClause<SessionStoreKind>("a saved session loads back exactly, tokens and user") { kind in
        let (store, _) = try kind.make()
        try await store.save(first)
        #expect(try await store.load() == first)
    }

    static let replace = ContractClause<SessionStoreKind>("a second save replaces the first") { kind in
        let (store, _) = try kind.make()
        try await store.save(first)
        try await store.save(second)
        #expect(try await store.load() == second)
    }

    static let clear = ContractClause<SessionStoreKind>("clear forgets the session, and succeeds when there is none") { kind in
        let (store, _) = try kind.make()
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
        let (store, _) = try kind.make()
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

    /// `status` and start-up ask the store about itself: nothing kept, then one kept,
    /// private, and never a token in what it says.
    static let inspects = ContractClause<SessionStoreKind>("it says where it keeps the session, whether one is kept, and that it is private; never a token") { kind in
        let (store, _) = try kind.make()
        let empty = await store.inspect()
        try await store.save(first)
        let kept = await store.inspect()
        try await store.checkPrivacy()
        #expect(empty.permissions == nil)
        #expect(kept.permissions != nil)
        #expect(kept.isPrivate && kept.fix == nil)
        #expect(!"\(kept)".contains(first.accessToken) && !"\(kept)".contains(first.refreshToken))
    }

    static let clauses = [empty, exact, replace, clear, lock, inspects]

    /// The clauses each planted mistake must fail, and no others.
    static func catching(_ mistake: FakeSessionStore.PlantedMistake) -> [ContractClause<SessionStoreKind>] {
        switch mistake {
        case .keepsTheFirst: [replace, lock]
        case .forgetsNothing: [clear]
        case .clearFailsWhenEmpty: [clear]
        case .lockExcludesNoOne: [lock]
        }
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
        #expect(failing == SessionStoreContract.catching(mistake).map(\.promise))
    }
}
