import Data
import Foundation
import Synchronization
import TestSupport
import Testing

/// One way to make a session store for the contract. `build` opens a handle on the
/// place a folder names, as each process does: two handles on one folder are one store
/// seen from two processes. The place `make` returns keeps a file store's files alive
/// for the clause, and takes away what the store kept when the clause is done.
struct SessionStoreKind: ContractImplementation {
    let name: String
    let build: @Sendable (_ folder: String) -> any SessionStore
    /// Removes what a store of this kind keeps outside its folder (a kernel key).
    var cleanUp: @Sendable (_ folder: String) -> Void = { _ in }
    /// Every folder a store of this kind was made for, so a test can look for what
    /// was left behind.
    let folders = FolderLog()

    static let file = SessionStoreKind(name: "FileSessionStore") { FileSessionStore(directory: $0) }

    /// The kernel keyring store: a key named for each folder in this user's persistent
    /// keyring, removed when the clause is done. A new kind each time, with a log of
    /// its own.
    static var keyring: SessionStoreKind {
        SessionStoreKind(
            name: "KeyringSessionStore",
            build: { KeyringSessionStore(directory: $0) },
            cleanUp: { SessionKeys.remove(for: $0) }
        )
    }

    /// The fake, with a mistake planted or none. Its handles on one folder share one
    /// fake, as a store's handles share what they keep. It does less than the real
    /// stores: no other process sees it; its lock keeps out the holders of the same store.
    static func fake(planting mistake: FakeSessionStore.PlantedMistake? = nil) -> SessionStoreKind {
        let shared = FakesByFolder(mistake: mistake)
        return SessionStoreKind(
            name: mistake.map { "FakeSessionStore planting \($0)" } ?? "FakeSessionStore"
        ) { folder in
            shared.fake(for: folder)
        }
    }

    /// Every store the contract holds, on any machine.
    static var offered: [SessionStoreKind] { [.file, .fake(), .keyring] }

    /// The stores every clause holds for here: the keyring's only where this machine
    /// keeps keys (`SessionKeys.skipped` says so where it does not).
    static let all: [SessionStoreKind] = offered.filter { $0.name != keyring.name || SessionKeys.areUsable }

    func make() throws -> (store: any SessionStore, place: StorePlace) {
        let place = try place()
        return (build(place.folder), place)
    }

    /// A fresh place for a store of this kind, cleaned up when it goes.
    func place() throws -> StorePlace {
        let place = StorePlace(try TemporaryDirectory(), cleanUp: cleanUp)
        folders.append(place.folder)
        return place
    }

    /// A second handle on the store `make` made, as another process opens it.
    func another(in place: StorePlace) -> any SessionStore {
        build(place.folder)
    }
}

/// Where a clause's store keeps the session: a folder of its own (removed with this
/// value), and what the store kept outside it, removed by `clean()` as the clause ends.
final class StorePlace: Sendable {
    private let directory: TemporaryDirectory
    private let cleanUp: @Sendable (String) -> Void

    init(_ directory: TemporaryDirectory, cleanUp: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.cleanUp = cleanUp
    }

    var folder: String { directory.file("state") }

    /// Removes what the store kept outside the folder (a kernel key); a clause calls
    /// it in a `defer`, so a failing clause leaves nothing either.
    func clean() {
        cleanUp(folder)
    }
}

/// The folders a kind made stores for.
final class FolderLog: Sendable {
    private let folders = Mutex<[String]>([])

    func append(_ folder: String) {
        folders.withLock { $0.append(folder) }
    }

    var all: [String] { folders.withLock { $0 } }
}

/// The fakes of one kind, one per folder; with `.handlesKeepApart` planted, a new one
/// for every handle, as a store that keeps its session in the process would.
private final class FakesByFolder: Sendable {
    private let fakes = Mutex<[String: FakeSessionStore]>([:])
    private let mistake: FakeSessionStore.PlantedMistake?

    init(mistake: FakeSessionStore.PlantedMistake?) {
        self.mistake = mistake
    }

    func fake(for folder: String) -> any SessionStore {
        let fake = fakes.withLock { fakes in
            if mistake == .handlesKeepApart { return FakeSessionStore(planting: mistake) }
            if let fake = fakes[folder] { return fake }
            let fake = FakeSessionStore(planting: mistake)
            fakes[folder] = fake
            return fake
        }
        return mistake == .boundToItsThread ? ThreadBoundSessionStore(fake) : fake
    }
}

/// A store whose handle works only on the thread that made it, as a handle on the
/// Linux process keyring does (per thread since Linux 3.8): planted, never shipped.
private final class ThreadBoundSessionStore: SessionStore {
    private let wrapped: any SessionStore
    private let thread = ThreadExecutor.currentThread

    init(_ wrapped: any SessionStore) {
        self.wrapped = wrapped
    }

    private func onItsThread() throws(SessionStoreError) {
        guard ThreadExecutor.currentThread == thread else { throw .unavailable("keyctl: Permission denied") }
    }

    func load() async throws(SessionStoreError) -> Session? {
        try onItsThread()
        return try await wrapped.load()
    }

    func save(_ session: Session) async throws(SessionStoreError) {
        try onItsThread()
        try await wrapped.save(session)
    }

    func clear() async throws(SessionStoreError) {
        try onItsThread()
        try await wrapped.clear()
    }

    func lockExclusively() async throws(SessionStoreError) -> any SessionLock {
        try onItsThread()
        return try await wrapped.lockExclusively()
    }

    func checkPrivacy() async throws(SessionStoreError) {
        try onItsThread()
        try await wrapped.checkPrivacy()
    }

    func inspect() async -> SessionStoreReport {
        await wrapped.inspect()
    }
}
