/// Keeps the session between runs: the keychain of a command-line app.
public protocol SessionStore: Sendable {
    /// The stored session, or nil when signed out.
    func load() async throws(SessionStoreError) -> Session?
    func save(_ session: Session) async throws(SessionStoreError)
    /// Forgets the session; succeeds when there is none.
    func clear() async throws(SessionStoreError)
    /// Waits until no other holder of this store (in this process or another) holds
    /// it, and holds it until the lock is released: a refresh reads, renews and saves
    /// the session as one step.
    func lockExclusively() async throws(SessionStoreError) -> any SessionLock
    /// The folders whose every file is this store's (the session, its lock): start-up
    /// refuses a file in them that another user could read. Empty for a store in memory.
    var ownedFolders: [String] { get }
}

/// A hold on a session store's exclusive lock.
public protocol SessionLock: Sendable {
    /// Lets the next holder in. Also released when the lock goes away.
    func release()
}

/// Why the session could not be read or written. Never carries a token.
public enum SessionStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be used: loosened permissions, wrong owner, an I/O error.
    case file(String)
    /// The file exists but does not hold a session (damaged or from elsewhere).
    case unreadable(path: String)
    /// The session, or the lock beside it, could not be written (a full disk, a
    /// read-only folder): the system's words, with the path. The old file is kept.
    case notWritten(String)

    public var description: String {
        switch self {
        case .file(let reason): reason
        case .unreadable(let path): "\(path) does not hold a session; run `storefront logout` to remove it"
        case .notWritten(let reason): reason
        }
    }
}
