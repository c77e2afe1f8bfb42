@testable import Data

/// A `SessionStore` in memory that counts saves and can be told to fail.
actor FakeSessionStore: SessionStore {
    private(set) var session: Session?
    private(set) var saveCount = 0
    private let failure: SessionStoreError?

    init(_ session: Session? = nil, failing failure: SessionStoreError? = nil) {
        self.session = session
        self.failure = failure
    }

    func load() async throws(SessionStoreError) -> Session? {
        if let failure { throw failure }
        return session
    }

    func save(_ session: Session) async throws(SessionStoreError) {
        if let failure { throw failure }
        saveCount += 1
        self.session = session
    }

    /// One actor is one holder at a time only between suspension points; tests that
    /// need the cross-process lock use `FileSessionStore`.
    func withExclusiveAccess<Result: Sendable>(
        _ body: @Sendable () async throws(NetworkError) -> Result
    ) async throws(NetworkError) -> Result {
        try await body()
    }

    func clear() async throws(SessionStoreError) {
        if let failure { throw failure }
        session = nil
    }
}
