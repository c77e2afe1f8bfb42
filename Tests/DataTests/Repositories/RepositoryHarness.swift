@testable import Data
import Domain
import Foundation
import TestSupport

/// The repositories with everything real except the network: a scripted transport,
/// an in-memory session store, a cache (the file store in a temporary folder unless
/// told another) and a manual clock.
struct RepositoryHarness {
    let temporary: TemporaryDirectory
    let clock = FakeWallClock()
    let sessions: FakeSessionStore
    let cache: any ResponseCache

    init(session: Session? = Session(accessToken: "a1", refreshToken: "r1", userID: 1), store: CacheStoreKind = .file) throws {
        temporary = try TemporaryDirectory()
        sessions = FakeSessionStore(session)
        cache = store.make(temporary.file("cache"), clock, .standard)
    }

    /// The production chain minus sealing: auth, retry (with a recording
    /// sleeper), then the scripted transport.
    func chain(_ transport: SpyTransport) -> InterceptedTransport {
        InterceptedTransport(
            interceptors: [
                AuthInterceptor(sessions: sessions, refresher: TokenRefresher(sessions: sessions)),
                RetryInterceptor(sleeper: SpySleeper(), jitter: { 0 }),
            ],
            transport: transport
        )
    }

    /// The store client the App builds, over the chain above.
    func client(_ transport: SpyTransport) -> StoreClient {
        StoreClient(chain: chain(transport), cache: cache, sessions: sessions, clock: clock, cacheNamespace: "http://test")
    }

    func auth(_ transport: SpyTransport) -> RemoteAuthRepository {
        RemoteAuthRepository(client: client(transport), sessions: sessions)
    }

    func products(_ transport: SpyTransport) -> RemoteProductRepository {
        RemoteProductRepository(client: client(transport))
    }
}
