import Data

/// A `SessionStore` in memory that counts saves and can be told to fail. It keeps
/// `SessionStoreContractTests` with `FileSessionStore`; what it cannot do is be seen by
/// another process, or keep a second holder out of its lock (see `lockExclusively`).
public actor FakeSessionStore: SessionStore {
    public private(set) var session: Session?
    public private(set) var saveCount = 0
    private let failure: SessionStoreError?

    public init(_ session: Session? = nil, failing failure: SessionStoreError? = nil) {
        self.session = session
        self.failure = failure
    }

    public nonisolated var ownedFolders: [String] { [] }

    public func load() async throws(SessionStoreError) -> Session? {
        if let failure { throw failure }
        return session
    }

    public func save(_ session: Session) async throws(SessionStoreError) {
        if let failure { throw failure }
        saveCount += 1
        self.session = session
    }

    /// One actor is one holder at a time only between suspension points; tests that
    /// need the cross-process lock use `FileSessionStore`.
    public func lockExclusively() async throws(SessionStoreError) -> any SessionLock {
        NoLock()
    }

    /// Holds nothing: see above.
    private struct NoLock: SessionLock {
        func release() {}
    }

    public func clear() async throws(SessionStoreError) {
        if let failure { throw failure }
        session = nil
    }
}
