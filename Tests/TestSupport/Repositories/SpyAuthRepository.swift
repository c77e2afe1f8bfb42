import Domain

/// An `AuthRepository` that records each call and answers from a script.
public actor SpyAuthRepository: AuthRepository {
    public private(set) var logInCalls: [Credentials] = []
    public private(set) var currentUserCalls = 0
    public private(set) var currentUserPolicies: [ReadPolicy] = []
    public private(set) var logOutCalls = 0

    private let logInResult: Result<User, StoreError>
    private let currentUserResult: Result<Fetched<User>, StoreError>
    private let logOutResult: Result<SessionEnding, StoreError>

    public init(
        logIn: Result<User, StoreError> = .failure(.unexpected(Diagnostic("logIn not scripted"))),
        currentUser: Result<Fetched<User>, StoreError> = .failure(.unexpected(Diagnostic("currentUser not scripted"))),
        logOut: Result<SessionEnding, StoreError> = .success(.ended)
    ) {
        self.logInResult = logIn
        self.currentUserResult = currentUser
        self.logOutResult = logOut
    }

    public func logIn(_ credentials: Credentials) async throws(StoreError) -> User {
        logInCalls.append(credentials)
        return try logInResult.get()
    }

    public func currentUser(policy: ReadPolicy) async throws(StoreError) -> Fetched<User> {
        currentUserCalls += 1
        currentUserPolicies.append(policy)
        return try currentUserResult.get()
    }

    public func logOut() async throws(StoreError) -> SessionEnding {
        logOutCalls += 1
        return try logOutResult.get()
    }
}
