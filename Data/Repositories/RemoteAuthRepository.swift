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
        let call: StoreEndpoints.Call<LoginResponseDTO, SignedIn>
        do {
            call = try StoreEndpoints.logIn(username: credentials.username, password: credentials.password)
        } catch {
            throw StoreErrorMapping.fromNetworkError(error)
        }
        let signedIn = try await client.send(call, kind: .logIn)
        do {
            try await sessions.save(signedIn.session)
        } catch {
            throw error.storeError(keeping: "the session")
        }
        await client.keepSignedIn(signedIn.user)
        return signedIn.user
    }

    public func currentUser(policy: ReadPolicy) async throws(StoreError) -> Fetched<User> {
        try await client.read(StoreEndpoints.currentUser, policy: policy)
    }

    /// Asks the store to end the session (RFC 7009), then forgets it here whatever the
    /// answer: a store that cannot be reached, whose answer is lost, or that has no way to
    /// end one (DummyJSON), may leave its tokens working until they expire, and says so.
    /// Sent once: a POST is never sent twice. This user's kept answers go first, while the
    /// session still says whose they are.
    public func logOut() async throws(StoreError) -> SessionEnding {
        let ending = await endAtStore()
        await client.forgetSignedIn()
        do {
            try await sessions.clear()
        } catch {
            throw error.storeError(keeping: "the session")
        }
        return ending
    }

    private func endAtStore() async -> SessionEnding {
        let session: Session?
        do {
            session = try await sessions.load()
        } catch {
            return .unconfirmed(error.storeError(keeping: "the session"))
        }
        guard let session else { return .noSession }
        do {
            // Statuses read as a signed-in request's: a 404 is a store without the endpoint.
            try await client.send(StoreEndpoints.revoke(session), kind: .authenticated)
            return .ended
        } catch .notFound {
            return .notOffered
        } catch {
            return .unconfirmed(error)
        }
    }
}
