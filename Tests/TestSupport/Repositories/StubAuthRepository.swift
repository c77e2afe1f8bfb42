import Domain

/// An auth repository with scripted answers.
public struct StubAuthRepository: AuthRepository {
    public var logInResult: Result<User, StoreError> = .failure(.invalidCredentials)
    public var currentUserResult: Result<Fetched<User>, StoreError> = .failure(.notSignedIn)
    public var logOutResult: Result<SessionEnding, StoreError> = .success(.noSession)

    public init(
        logInResult: Result<User, StoreError> = .failure(.invalidCredentials),
        currentUserResult: Result<Fetched<User>, StoreError> = .failure(.notSignedIn),
        logOutResult: Result<SessionEnding, StoreError> = .success(.noSession)
    ) {
        self.logInResult = logInResult
        self.currentUserResult = currentUserResult
        self.logOutResult = logOutResult
    }

    public func logIn(_ credentials: Credentials) async throws(StoreError) -> User {
        try logInResult.get()
    }

    public func currentUser(policy: ReadPolicy) async throws(StoreError) -> Fetched<User> {
        try currentUserResult.get()
    }

    public func logOut() async throws(StoreError) -> SessionEnding {
        try logOutResult.get()
    }
}
