@testable import Data
import Domain
import Foundation
import HTTPClientAdapter
import HTTPTypes
import TestSupport

/// The client stack as the App builds it (the production chain over AsyncHTTPClient, a
/// session store, a file cache, the store client) against a loopback `storefront-server`:
/// the real implementations the repository contracts run. A switch in front of the adapter
/// takes the backend away, as a pulled cable would.
struct RemoteStack: Sendable {
    let products: RemoteProductRepository
    let accounts: RemoteAuthRepository
    /// The store client the repositories above read through: a new seam's remote
    /// repository is built on it, as the App builds every repository on one client.
    let client: StoreClient
    let clock: FakeWallClock
    private let reachability: Reachability

    /// From now on every request fails to connect.
    func goOffline() async {
        await reachability.goOffline()
    }

    /// Starts a server with `productCount` products, builds the stack, hands it to `body`,
    /// and takes everything down again however `body` ends.
    static func with<Result: Sendable>(productCount: Int, _ body: @Sendable (RemoteStack) async throws -> Result) async throws -> Result {
        let server = try await LoopbackStoreServer(products: productCount)
        let result: Swift.Result<Result, any Error>
        do {
            result = .success(try await with(server: server, body))
        } catch {
            result = .failure(error)
        }
        await server.stop()
        return try result.get()
    }

    /// The stack over a server already running; the adapter is shut down however `body` ends.
    private static func with<Result: Sendable>(server: LoopbackStoreServer, _ body: @Sendable (RemoteStack) async throws -> Result) async throws -> Result {
        let folder = try TemporaryDirectory()
        let clock = FakeWallClock()
        let sessions = FileSessionStore(directory: folder.path)
        let adapter = try AsyncHTTPClientTransport(configuration: TransportConfiguration(baseURL: server.baseURL, idleTimeout: .seconds(5), deadline: .seconds(20)))
        let reachability = Reachability(adapter: adapter)
        let chain = InterceptedTransport.storeChain(adapter: reachability, sessions: sessions, oblivious: nil, logger: .silent, sleeper: SpySleeper(), clock: clock)
        let client = StoreClient(
            chain: chain,
            cache: FileResponseCache(directory: folder.file("cache"), clock: clock),
            sessions: sessions,
            clock: clock,
            cacheNamespace: server.baseURL.absoluteString
        )
        let stack = RemoteStack(
            products: RemoteProductRepository(client: client),
            accounts: RemoteAuthRepository(client: client, sessions: sessions),
            client: client,
            clock: clock,
            reachability: reachability
        )
        let result: Swift.Result<Result, any Error>
        do {
            result = .success(try await body(stack))
        } catch {
            result = .failure(error)
        }
        await adapter.shutdown()
        return try result.get()
    }

    /// Passes requests to the adapter while reachable; after that, refuses to connect.
    /// An actor, not a lock: ThreadSanitizer cannot follow `Mutex`'s futex.
    private actor Reachability: HTTPTransport {
        private var reachable = true
        private let adapter: AsyncHTTPClientTransport

        init(adapter: AsyncHTTPClientTransport) {
            self.adapter = adapter
        }

        func goOffline() {
            reachable = false
        }

        func send(_ request: HTTPRequest, body: [UInt8]?) async throws(TransportError) -> (HTTPResponse, [UInt8]) {
            guard reachable else { throw .cannotConnect(reason: "connection refused (the test took the backend away)") }
            return try await adapter.send(request, body: body)
        }

        func shutdown() async {
            await adapter.shutdown()
        }
    }
}
