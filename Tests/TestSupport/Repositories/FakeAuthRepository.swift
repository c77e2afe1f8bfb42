import Domain

/// A working in-memory account service, for tests that want signing in to behave like
/// the store: accounts have passwords; a wrong one is `invalidCredentials` and leaves
/// the earlier session as it was; `currentUser` needs a session; `logOut` forgets it
/// and succeeds when already signed out. Taken offline (`goOffline`), it answers like
/// the real repository: the signed-in user from what was kept at login, saying so,
/// and `offline` when nothing was kept. It keeps `AuthRepositoryContractTests`, which
/// holds it and `RemoteAuthRepository` to the same outcomes; it has no tokens, so
/// nothing to refresh, and once offline it stays so.
public actor FakeAuthRepository: AuthRepository {
    private let accounts: [String: (password: String, user: User)]
    private var signedIn: User?
    private var reachable = true

    /// - Parameter accounts: each user with the password that signs them in.
    public init(accounts: [(user: User, password: String)]) {
        var byName: [String: (password: String, user: User)] = [:]
        for account in accounts { byName[account.user.username] = (account.password, account.user) }
        self.accounts = byName
    }

    /// From now on the backend cannot be reached.
    public func goOffline() {
        reachable = false
    }

    public func logIn(_ credentials: Credentials) async throws(StoreError) -> User {
        guard reachable else { throw .offline }
        guard let account = accounts[credentials.username], account.password == credentials.password else {
            throw .invalidCredentials
        }
        signedIn = account.user
        return account.user
    }

    public func currentUser(policy: ReadPolicy) async throws(StoreError) -> Fetched<User> {
        guard let user = signedIn else { throw .notSignedIn }
        switch (policy, reachable) {
        case (.cacheOnly, _):
            return Fetched(user, from: .cache(age: .zero, reason: .offlineRequested))
        case (_, false):
            return Fetched(user, from: .cache(age: .zero, reason: .backendUnreachable))
        case (_, true):
            return Fetched(user, from: .network)
        }
    }

    public func logOut() async throws(StoreError) {
        signedIn = nil
    }
}
