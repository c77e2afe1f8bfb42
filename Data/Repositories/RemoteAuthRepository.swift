import Domain

/// Signs in and out against the store API, keeping the session in a `SessionStore` and
/// (through the store client) the signed-in user for when the backend is away.
public struct RemoteAuthRepository: AuthRepository {
    private let client: StoreClient
    private let sessions: any SessionStore

    public init(client: StoreClient, sessions: any SessionStore) {
        self.client = client
        self.sessions = sessions
    }

    /// Stores the new session only once the server has accepted the credentials, so a
    /// failed login leaves an earlier session exactly as it was.
    public func logIn(_ credentials: Credentials) async throws(StoreError) -> User {
        let call: StoreEndpoints.Call
        do {
            call = try StoreEndpoints.logIn(username: credentials.username, password: credentials.password)
        } catch {
            throw StoreErrorMapping.fromNetworkError(error)
        }
        let answer = try await client.send(call, as: LoginResponseDTO.self, kind: .logIn)
        let (user, session) = try answer.toDomain()
        do {
            try await sessions.save(session)
        } catch {
            throw error.storeError(keeping: "the session")
        }
        await client.keepSignedIn(answer.user, userID: answer.user.id)
        return user
    }

    public func currentUser(policy: ReadPolicy) async throws(StoreError) -> Fetched<User> {
        try await client.read(StoreEndpoints.currentUser, as: UserDTO.self, policy: policy) { user throws(StoreError) in
            try user.toDomain()
        }
    }

    /// Needs no backend: DummyJSON has no logout endpoint, and forgetting the tokens
    /// is what signs this client out. Works offline, and when already signed out.
    /// This user's kept answers go first, while the session still says whose they are.
    public func logOut() async throws(StoreError) {
        await client.forgetSignedIn()
        do {
            try await sessions.clear()
        } catch {
            throw error.storeError(keeping: "the session")
        }
    }
}
