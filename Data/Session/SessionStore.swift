/// Keeps the session between runs: the keychain of a command-line app. Where it keeps
/// it (a file, a kernel keyring) is the store's own business: nothing outside it names
/// a path or a key, and `status` asks it what it holds.
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
    /// Refuses secrets someone else could read or change, before any command uses
    /// them: start-up asks each store to check its own (a file's mode and owner, a
    /// key's permissions), the rule OpenSSH applies to a private key.
    func checkPrivacy() async throws(SessionStoreError)
    /// What the store holds and where, for `status`: never a token, and no change.
    func inspect() async -> SessionStoreReport
}

/// A hold on a session store's exclusive lock.
public protocol SessionLock: Sendable {
    /// Lets the next holder in. Also released when the lock goes away.
    func release()
}

/// What a session store tells `status`: which store, where it keeps the session,
/// whether one is kept, and whether only this user can read it.
public struct SessionStoreReport: Equatable, Sendable {
    /// The store's name, as `--session-store` takes it: `file`, `keyring`.
    public let store: String
    /// What holds the session, in one word for a person: `file`, `key`.
    public let holder: String
    /// Where: a path, or a key's description and the keyring it is in.
    public let location: String
    /// The access it grants, as the system shows it (a file's octal mode, a key's
    /// permission mask); nil when no session is kept.
    public let permissions: String?
    /// Nobody but this user can read it (true when nothing is kept).
    public let isPrivate: Bool
    /// What makes it private again, when it is not (a `chmod`).
    public let fix: String?

    public init(store: String, holder: String, location: String, permissions: String?, isPrivate: Bool, fix: String?) {
        self.store = store
        self.holder = holder
        self.location = location
        self.permissions = permissions
        self.isPrivate = isPrivate
        self.fix = fix
    }
}

/// Why the session could not be read or kept, in words that fit any store: each
/// carries the store's own sentence (where, and what to do). Never carries a token.
public enum SessionStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Someone else could read or change what holds the session (loosened permissions,
    /// another owner): refused, never read.
    case untrusted(String)
    /// What holds the session holds something else (damaged, or not this client's).
    case damaged(String)
    /// The session could not be kept, or removed: the place is full (a full disk) or
    /// will not take writes (a read-only folder). What was there before is kept.
    case notWritten(String)
    /// The session could not be kept because this user's allowance is used up (a
    /// keyring's quota): not a full disk, and freed another way. What was there is kept.
    case quotaExceeded(String)
    /// The store cannot be used at all (an I/O error, keyrings the system refuses).
    case unavailable(String)

    public var description: String {
        switch self {
        case .untrusted(let reason), .damaged(let reason), .notWritten(let reason), .quotaExceeded(let reason), .unavailable(let reason):
            reason
        }
    }
}
