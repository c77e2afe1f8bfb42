import Domain

/// An `AuthRepository` that records each call and answers from a script.
actor SpyAuthRepository: AuthRepository {
    private(set) var logInCalls: [Credentials] = []
    private(set) var currentUserCalls = 0
    private(set) var currentUserPolicies: [ReadPolicy] = []
    private(set) var logOutCalls = 0

    private let logInResult: Result<User, StoreError>
    private let currentUserResult: Result<Fetched<User>, StoreError>
    private let logOutResult: Result<Void, StoreError>

    init(
        logIn: Result<User, StoreError> = .failure(.unexpected(detail: "logIn not scripted")),
        currentUser: Result<Fetched<User>, StoreError> = .failure(.unexpected(detail: "currentUser not scripted")),
        logOut: Result<Void, StoreError> = .success(())
    ) {
        self.logInResult = logIn
        self.currentUserResult = currentUser
        self.logOutResult = logOut
    }

    func logIn(_ credentials: Credentials) async throws(StoreError) -> User {
        logInCalls.append(credentials)
        return try logInResult.get()
    }

    func currentUser(policy: ReadPolicy) async throws(StoreError) -> Fetched<User> {
        currentUserCalls += 1
        currentUserPolicies.append(policy)
        return try currentUserResult.get()
    }

    func logOut() async throws(StoreError) {
        logOutCalls += 1
        try logOutResult.get()
    }
}
