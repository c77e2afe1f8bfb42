import Infrastructure
import SystemPackage
import Synchronization

/// The session in one JSON file under the data directory, readable by the user alone
/// (created `0600`, replaced atomically) and refused when someone has loosened it.
///
/// A command asks for the session more than once (whose cache entries, which bearer);
/// the file is read once, and after that one `stat` shows it is the same file,
/// unchanged, with the same mode and owner, or it is read again. So a session renewed
/// or removed by another process, or a file someone loosened, is seen at once.
///
/// A class, because it holds what it last read: every part of the process that asks
/// for the session asks this one store, as the composition root hands it out.
public final class FileSessionStore: SessionStore {
    /// The session file's path, e.g. `~/.local/state/storefront/session.json`.
    public let path: String
    /// The folder it lies in, with `session.lock` beside it.
    private let folder: String
    /// The session last read, and the file it was read from.
    private let lastRead = LastRead()

    /// Uses `session.json` inside `directory`, which is created `0700` when first written.
    public init(directory: String) {
        path = Self.path(in: directory)
        folder = directory
    }

    /// Where the session file of `directory` lies; the one place that names it.
    static func path(in directory: String) -> String {
        FilePath(directory).appending("session.json").string
    }

    /// Every file in the folder (the session, its lock) must be the user's alone, and
    /// the session file one that can be opened: start-up refuses it otherwise. What it
    /// holds is not judged here, so that `logout` can still remove a damaged one.
    public func checkPrivacy() async throws(SessionStoreError) {
        try SessionFolder.checkPrivacy(of: folder)
        do {
            _ = try PrivateFiles.read(at: path)
        } catch {
            throw SessionFolder.storeError(error)
        }
    }

    /// The file, its mode, and whether others can reach it; read with `stat` alone.
    public func inspect() async -> SessionStoreReport {
        let mode = PrivateFiles.identity(of: path).map { $0.mode & 0o7777 }
        let isPrivate = (mode ?? 0) & 0o077 == 0
        return SessionStoreReport(
            store: "file", holder: "file", location: path,
            permissions: mode.map { String($0, radix: 8) }, isPrivate: isPrivate,
            fix: isPrivate ? nil : "chmod 600 \(path)"
        )
    }

    public func load() async throws(SessionStoreError) -> Session? {
        let identity = PrivateFiles.identity(of: path)
        if let identity, let session = lastRead.session(readFrom: identity) {
            return session
        }
        let session = try read()
        // Kept only when the file did not change while it was read.
        if let session, let identity, PrivateFiles.identity(of: path) == identity {
            lastRead.keep(session, readFrom: identity)
        }
        return session
    }

    private func read() throws(SessionStoreError) -> Session? {
        let bytes: [UInt8]?
        do {
            bytes = try PrivateFiles.read(at: path)
        } catch {
            throw SessionFolder.storeError(error)
        }
        guard let bytes else { return nil }
        guard let session = Session(encoded: bytes) else {
            throw .damaged("\(path) does not hold a session; run `storefront logout` to remove it")
        }
        return session
    }

    public func save(_ session: Session) async throws(SessionStoreError) {
        lastRead.forget()
        guard let bytes = session.encoded else { throw .unavailable("the session cannot be encoded") }
        do {
            try PrivateFiles.createDirectory(at: folder)
            try PrivateFiles.writeAtomically(bytes, to: path)
        } catch {
            throw .notWritten(error.description)
        }
    }

    /// Holds `session.lock` beside the session file: an advisory lock every
    /// `storefront` process on this data folder takes before it refreshes.
    public func lockExclusively() async throws(SessionStoreError) -> any SessionLock {
        let lock = try await SessionFolder.lock(in: folder)
        // Under the lock the file is read again whatever `stat` says: a refresh must
        // see what another process saved, even within one tick of the file clock.
        lastRead.forget()
        return lock
    }

    public func clear() async throws(SessionStoreError) {
        lastRead.forget()
        do {
            try PrivateFiles.remove(at: path)
        } catch {
            throw .notWritten(error.description)
        }
    }
}

/// The lock file's `flock`, released by `release()` or when the lock goes away.
extension FileLock: SessionLock {}

/// The session a `FileSessionStore` last read, with the identity of the file then.
private final class LastRead: Sendable {
    private let entry = Mutex<(identity: FileIdentity, session: Session)?>(nil)

    func session(readFrom identity: FileIdentity) -> Session? {
        entry.withLock { $0?.identity == identity ? $0?.session : nil }
    }

    func keep(_ session: Session, readFrom identity: FileIdentity) {
        entry.withLock { $0 = (identity, session) }
    }

    func forget() {
        entry.withLock { $0 = nil }
    }
}
