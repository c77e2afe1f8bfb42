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
    static let fake = SessionStoreKind(name: "FakeSessionStore") { _ in FakeSessionStore() }

    static let all: [SessionStoreKind] = [.file, .fake]

    func make() throws -> (store: any SessionStore, folder: TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        return (build(folder.file("state")), folder)
    }
}

/// What every `SessionStore` must do. What a store may not promise: that another
/// process sees its session, or that its lock keeps out more than one holder at a time;
/// `FakeSessionStore` lives in one process, and its lock holds nothing, so tests of the
/// cross-process refresh use `FileSessionStore` (ParallelRefreshTests).
enum SessionStoreContract {
    static let first = Session(accessToken: "access-1", refreshToken: "refresh-1", userID: 1)
    static let second = Session(accessToken: "access-2", refreshToken: "refresh-2", userID: 2)

    static let clauses: [ContractClause<SessionStoreKind>] = [
        ContractClause("a new store holds no session") { kind in
            let (store, _) = try kind.make()
            #expect(try await store.load() == nil)
        },
        ContractClause("a saved session loads back exactly, tokens and user") { kind in
            let (store, _) = try kind.make()
            try await store.save(first)
            #expect(try await store.load() == first)
        },
        ContractClause("a second save replaces the first") { kind in
            let (store, _) = try kind.make()
            try await store.save(first)
            try await store.save(second)
            #expect(try await store.load() == second)
        },
        ContractClause("clear forgets the session, and succeeds when there is none") { kind in
            let (store, _) = try kind.make()
            try await store.clear()
            try await store.save(first)
            try await store.clear()
            #expect(try await store.load() == nil)
            try await store.clear()
        },
        ContractClause("a lock taken and released lets the next holder in, and the session is as saved") { kind in
            let (store, _) = try kind.make()
            try await store.save(first)
            let lock = try await store.lockExclusively()
            lock.release()
            let next = try await store.lockExclusively()
            next.release()
            #expect(try await store.load() == first)
        },
    ]
}

@Suite("The SessionStore contract, over every store", .timeLimit(.minutes(2)))
struct SessionStoreContractTests {
    @Test("every store keeps each clause", arguments: SessionStoreKind.all, SessionStoreContract.clauses)
    func keeps(store: SessionStoreKind, clause: ContractClause<SessionStoreKind>) async throws {
        try await clause.check(store)
    }

    @Test("a divergence planted in the fake breaks the contract", arguments: PlantedSessionDivergence.allCases)
    func plantedDivergence(_ divergence: PlantedSessionDivergence) async throws {
        let kind = SessionStoreKind(name: "planted") { _ in PlantedDivergentSessionStore(divergence) }
        await withKnownIssue("\(divergence)") {
            try await SessionStoreContract.clauses.checkAll(against: kind)
        }
    }
}

/// The mistakes a hand-written session store makes, each planted in a working one.
enum PlantedSessionDivergence: CaseIterable, Sendable {
    /// Keeps the first session saved, as a store that writes only when none exists.
    case keepsTheFirst
    /// Clear does nothing.
    case forgetsNothing
    /// Throws when asked to clear an empty store.
    case clearFailsWhenEmpty
}

/// A working store with one planted mistake.
struct PlantedDivergentSessionStore: SessionStore {
    let divergence: PlantedSessionDivergence
    let store = FakeSessionStore()

    init(_ divergence: PlantedSessionDivergence) {
        self.divergence = divergence
    }

    var ownedFolders: [String] { [] }

    func load() async throws(SessionStoreError) -> Session? { try await store.load() }

    func save(_ session: Session) async throws(SessionStoreError) {
        if divergence == .keepsTheFirst, try await store.load() != nil { return }
        try await store.save(session)
    }

    func clear() async throws(SessionStoreError) {
        switch divergence {
        case .forgetsNothing: return
        case .clearFailsWhenEmpty where try await store.load() == nil: throw .file("no session to clear")
        default: try await store.clear()
        }
    }

    func lockExclusively() async throws(SessionStoreError) -> any SessionLock { try await store.lockExclusively() }
}
