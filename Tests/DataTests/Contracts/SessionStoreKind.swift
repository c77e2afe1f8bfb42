import Data
import Foundation
import Synchronization
import TestSupport
import Testing

/// One way to make a session store for the contract. `build` opens a handle on the
/// place a folder names, as each process does: two handles on one folder are one store
/// seen from two processes. The folder `make` returns keeps a file store's files alive
/// for the clause.
struct SessionStoreKind: Sendable, CustomTestStringConvertible {
    let name: String
    let build: @Sendable (_ folder: String) -> any SessionStore

    var testDescription: String { name }

    static let file = SessionStoreKind(name: "FileSessionStore") { FileSessionStore(directory: $0) }

    /// The fake, with a mistake planted or none. Its handles on one folder share one
    /// fake, as a store's handles share what they keep.
    static func fake(planting mistake: FakeSessionStore.PlantedMistake? = nil) -> SessionStoreKind {
        let shared = FakesByFolder(mistake: mistake)
        return SessionStoreKind(name: mistake.map { "FakeSessionStore planting \($0)" } ?? "FakeSessionStore") { folder in
            shared.fake(for: folder)
        }
    }

    static let all: [SessionStoreKind] = [.file, .fake()]

    func make() throws -> (store: any SessionStore, folder: TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        return (build(folder.file("state")), folder)
    }

    /// A second handle on the store `make` made, as another process opens it.
    func another(in folder: TemporaryDirectory) -> any SessionStore {
        build(folder.file("state"))
    }
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
