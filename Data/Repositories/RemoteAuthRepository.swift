import Domain
import Infrastructure
import Logging

/// Signs in and out against the store API, keeping the session in a `SessionStore` and
/// the signed-in user in the cache for when the backend is away.
public struct RemoteAuthRepository: AuthRepository {
    private let api: StoreAPIClient
    private let sessions: any SessionStore
    private let cachePolicy: CachePolicy

    /// - Parameter cacheNamespace: tells apart the caches of different backends, e.g. the base URL.
    public init(
        transport: any HTTPTransport,
        sessions: any SessionStore,
        cache: any ResponseCache,
        clock: any WallClock,
        cacheNamespace: String,
        logger: Logger = .silent
    ) {
        self.api = StoreAPIClient(transport: transport, clock: clock)
        self.sessions = sessions
        self.cachePolicy = CachePolicy(cache: cache, clock: clock, sessions: sessions, namespace: cacheNamespace, logger: logger)
    }

    /// Stores the new session only once the server has accepted the credentials, so a
    /// failed login leaves an earlier session exactly as it was.
    public func logIn(_ credentials: Credentials) async throws(StoreError) -> User {
        let request: HTTPRequest
        do {
            request = try StoreEndpoints.logIn(username: credentials.username, password: credentials.password)
        } catch {
            throw StoreErrorMapping.storeError(for: error)
        }
        let answer = try await api.send(request, expecting: LoginResponseDTO.self, as: .logIn)
        let user = try answer.user.toDomain()
        do {
            try await sessions.save(Session(accessToken: answer.accessToken, refreshToken: answer.refreshToken, userID: answer.user.id))
        } catch {
            throw .unexpected(detail: "the session could not be stored: \(error)")
        }
        await cachePolicy.keepSignedIn(answer.user, userID: answer.user.id, meTarget: StoreEndpoints.currentUser.target)
        return user
    }

    public func currentUser(policy: ReadPolicy) async throws(StoreError) -> Fetched<User> {
        let request = StoreEndpoints.currentUser
        return try await cachePolicy.load(
            request,
            policy: policy,
            fetch: { etag async throws(StoreError) in try await api.send(request, expecting: UserDTO.self, ifNoneMatch: etag) },
            toDomain: { answer throws(StoreError) in try answer.toDomain() }
        )
    }

    /// Needs no backend: DummyJSON has no logout endpoint, and forgetting the tokens
    /// is what signs this client out. Works offline, and when already signed out.
    /// This user's kept answers go first, while the session still says whose they are.
    public func logOut() async throws(StoreError) {
        await cachePolicy.forgetSignedIn()
        do {
            try await sessions.clear()
        } catch {
            throw .unexpected(detail: "the session could not be removed: \(error)")
        }
    }
}
