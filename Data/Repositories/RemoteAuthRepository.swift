import Domain
import Infrastructure
import Logging

/// Signs in and out against the store API, keeping the session in a `SessionStore` and
/// the signed-in user in the cache for when the backend is away.
public struct RemoteAuthRepository: AuthRepository {
    private let api: StoreAPIClient
    private let sessions: any SessionStore
    private let cache: any ResponseCache
    private let offlineFirst: OfflineFirst
    private let userKey: String

    /// - Parameter cacheNamespace: tells apart the caches of different backends, e.g. the base URL.
    public init(
        transport: any HTTPTransport,
        sessions: any SessionStore,
        cache: any ResponseCache,
        clock: any WallClock,
        cacheNamespace: String,
        logger: Logger = .silent
    ) {
        self.api = StoreAPIClient(transport: transport)
        self.sessions = sessions
        self.cache = cache
        self.offlineFirst = OfflineFirst(cache: cache, clock: clock, logger: logger)
        self.userKey = "\(cacheNamespace) user"
    }

    /// Stores the new session only once the server has accepted the credentials, so a
    /// failed login leaves an earlier session exactly as it was.
    public func logIn(_ credentials: Credentials) async throws(StoreError) -> User {
        let answer: LoginResponseDTO
        do throws(APIError) {
            let request: HTTPRequest
            do {
                request = try StoreEndpoints.logIn(username: credentials.username, password: credentials.password)
            } catch {
                throw .network(error)
            }
            answer = try await api.send(request, expecting: LoginResponseDTO.self)
        } catch {
            throw StoreErrorMapping.storeError(for: error, in: .logIn)
        }
        let user = try answer.user.toDomain()
        do {
            try await sessions.save(Session(accessToken: answer.accessToken, refreshToken: answer.refreshToken, userID: answer.user.id))
        } catch {
            throw .unexpected(detail: "the session could not be stored: \(error)")
        }
        await cache.store(answer.user, for: userKey)
        return user
    }

    public func currentUser() async throws(StoreError) -> Fetched<User> {
        let loaded: (value: User, origin: Origin)
        do throws(APIError) {
            loaded = try await offlineFirst.load(
                key: userKey,
                fetch: { () async throws(APIError) in try await api.send(StoreEndpoints.currentUser, expecting: UserDTO.self) },
                toDomain: { answer throws(StoreError) in try answer.toDomain() }
            )
        } catch {
            throw StoreErrorMapping.storeError(for: error, in: .authenticated)
        }
        return Fetched(loaded.value, from: loaded.origin)
    }

    /// Needs no backend: DummyJSON has no logout endpoint, and forgetting the tokens
    /// is what signs this client out. Works offline, and when already signed out.
    public func logOut() async throws(StoreError) {
        do {
            try await sessions.clear()
        } catch {
            throw .unexpected(detail: "the session could not be removed: \(error)")
        }
        await cache.remove(key: userKey)
    }
}
