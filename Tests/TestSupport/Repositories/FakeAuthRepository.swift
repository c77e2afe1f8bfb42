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
    /// A mistake a hand-written account double makes, planted on purpose: the contract
    /// suite shows that each one fails the clauses that should catch it.
    public enum PlantedMistake: CaseIterable, Sendable {
        /// A failed login forgets who was signed in.
        case failedLoginSignsOut
        /// Logging out when signed out is an error.
        case logOutTwiceFails
        /// With the backend away, asking who is signed in fails instead of using what was kept.
        case forgetsOffline
    }

    private let mistake: PlantedMistake?
    private let accounts: [String: (password: String, user: User)]
    private var signedIn: User?
    private var reachable = true

    /// - Parameters:
    ///   - accounts: each user with the password that signs them in.
    ///   - mistake: none, unless a test shows the contract catching it.
    public init(accounts: [(user: User, password: String)], planting mistake: PlantedMistake? = nil) {
        self.mistake = mistake
        var byName: [String: (password: String, user: User)] = [:]
        for account in accounts { byName[account.user.username] = (account.password, account.user) }
        self.accounts = byName
    }

    /// From now on the backend cannot be reached.
    public func goOffline() {
        reachable = false
    }

    public func logIn(_ credentials: Credentials) async throws(StoreError) -> User {
        guard reachable else {
            if mistake == .failedLoginSignsOut { signedIn = nil }
            throw .offline
        }
        guard let account = accounts[credentials.username], account.password == credentials.password else {
            if mistake == .failedLoginSignsOut { signedIn = nil }
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
            if mistake == .forgetsOffline { throw .offline }
            return Fetched(user, from: .cache(age: .zero, reason: .backendUnreachable))
        case (_, true):
            return Fetched(user, from: .network)
        }
    }

    /// Ends the session at the store it plays, which always can, when it can be reached.
    public func logOut() async throws(StoreError) -> SessionEnding {
        if mistake == .logOutTwiceFails, signedIn == nil { throw .notSignedIn }
        defer { signedIn = nil }
        guard signedIn != nil else { return .noSession }
        return reachable ? .ended : .unconfirmed(.offline)
    }
}
