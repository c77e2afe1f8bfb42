#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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

    public var ownedFolders: [String] { [folder] }

    /// Where the session file of `directory` lies; the one place that names it.
    public static func path(in directory: String) -> String {
        FilePath(directory).appending("session.json").string
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
            throw .file(error.description)
        }
        guard let bytes else { return nil }
        // The decoding error is not passed on: it could quote the file, which holds tokens.
        guard let session = Self.session(in: bytes) else { throw .unreadable(path: path) }
        return session
    }

    /// The session a file holds, or nil when it is not one this client could have
    /// written.
    static func session(in bytes: [UInt8]) -> Session? {
        guard let decoded = try? JSONDecoder().decode(Session.self, from: Data(bytes)) else { return nil }
        return Session(checkingAccessToken: decoded.accessToken, refreshToken: decoded.refreshToken, userID: decoded.userID)
    }

    public func save(_ session: Session) async throws(SessionStoreError) {
        lastRead.forget()
        do {
            try PrivateFiles.createDirectory(at: folder)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try PrivateFiles.writeAtomically([UInt8](try encoder.encode(session)), to: path)
        } catch let error as FileSystemError {
            throw .notWritten(error.description)
        } catch {
            throw .file("cannot encode the session")
        }
    }

    /// Holds `session.lock` beside the session file: an advisory lock every
    /// `storefront` process on this data folder takes before it refreshes.
    public func lockExclusively() async throws(SessionStoreError) -> any SessionLock {
        let lock: FileLock
        do {
            try PrivateFiles.createDirectory(at: folder)
            lock = try await FileLock.exclusive(at: FilePath(folder).appending("session.lock").string)
        } catch {
            throw .notWritten("the session lock cannot be taken: \(error.description)")
        }
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
