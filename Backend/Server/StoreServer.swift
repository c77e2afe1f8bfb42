import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Infrastructure
import Logging
import NIOCore
import NIOSSL

/// The reference store backend: PROTOCOL.md over HTTP, sealed or plain, on Hummingbird.
public struct StoreServer: Sendable {
    private let configuration: StoreServerConfiguration
    private let handler: StoreHTTPHandler
    private let store: any BackendStore
    private let sealingClock: any WallClock
    private let logger: Logger
    private let server: HTTPServerBuilder

    /// Prepares users (hashing their passwords) and the catalogue (building its index).
    /// - Parameters:
    ///   - store: where the sessions and the replay memory are kept; opened by the
    ///     caller, who closes it once the server has stopped.
    ///   - clock: the tokens' clock, which tests move to make tokens expire.
    ///   - sealingClock: the gateway's clock (keys' times, the replay window), apart
    ///     from the tokens' so a test can age a token without pushing every request out
    ///     of the replay window.
    ///   - indexed: told how many products are indexed so far, every
    ///     `Catalogue.progressStep` and at the end: a million take seconds, and a person
    ///     watching `serve` should see it is working.
    public init(
        configuration: StoreServerConfiguration,
        store: any BackendStore,
        logger: Logger,
        clock: any WallClock = SystemWallClock(),
        sealingClock: any WallClock = SystemWallClock(),
        indexed: (Int) -> Void = { _ in }
    ) throws(StoreServerError) {
        guard (1...StoreServerConfiguration.maximumProductCount).contains(configuration.productCount) else {
            throw .invalidProductCount(configuration.productCount)
        }
        let users: UserDirectory
        do {
            users = try UserDirectory.demo()
        } catch {
            throw .cryptoUnavailable(error.description)
        }
        self.configuration = configuration
        self.store = store
        self.sealingClock = sealingClock
        self.logger = logger
        self.server = try Self.serverBuilder(configuration)
        self.handler = StoreHTTPHandler(
            service: StoreService(
                users: users,
                tokens: TokenIssuer(records: store, clock: clock, maximumAccessLifetime: configuration.maximumAccessTokenLifetime),
                catalogue: Catalogue(seed: configuration.catalogueSeed, count: configuration.productCount, indexed: indexed),
                carts: store, clock: clock
            ),
            gateway: configuration.gatewayKeys.map { ObliviousGateway(keys: $0, store: store, clock: sealingClock) },
            faults: FaultPlan(failures: configuration.failFirstRequests),
            latency: configuration.latency,
            logger: logger
        )
    }

    /// How many sessions were refreshed so far (refresh tokens redeemed).
    public func refreshCount() async -> Int {
        await handler.service.tokens.redeemedCount
    }

    /// How many token pairs were granted so far (logins and refreshes): a replayed login
    /// that was served would show here.
    public func grantCount() async -> Int {
        await handler.service.tokens.grantedCount
    }

    /// How many requests arrived so far, answered or not.
    public func requestCount() async -> Int {
        await handler.tally.count
    }

    /// Makes the next `count` requests fail with 503, as a flaky backend would.
    public func failNextRequests(_ count: Int) async {
        await handler.faults.add(failures: count)
    }

    /// Serves until the calling task is cancelled. `onListening` gets the bound port
    /// (useful with port 0) once the server accepts connections.
    public func run(onListening: @escaping @Sendable (Int) async -> Void) async throws {
        try await sweeping { try await application(onListening: onListening).runService(gracefulShutdownSignals: []) }
    }

    /// Serves until SIGINT or SIGTERM, then finishes the requests under way and returns.
    public func runUntilSignalled(onListening: @escaping @Sendable (Int) async -> Void) async throws {
        try await sweeping { try await application(onListening: onListening).runService(gracefulShutdownSignals: [.sigint, .sigterm]) }
    }

    /// Runs `serve`, sweeping the store of what has expired once a minute beside it, so
    /// it stays the size of what is live; the sweep stops when serving does. A sweep
    /// that fails is logged and tried again: nothing expired is ever served from it.
    private func sweeping(_ serve: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [store, sealingClock, logger] in
                while !Task.isCancelled {
                    do {
                        try await Self.sweep(store, at: Int64(sealingClock.now.timeIntervalSince1970.rounded(.down)))
                    } catch {
                        logger.warning("the store could not be swept: \(error)")
                    }
                    try? await Task.sleep(for: .seconds(60))
                }
            }
            defer { group.cancelAll() }
            try await serve()
        }
    }

    /// One sweep by a gateway whose clock says `now`: what every gateway's clock agrees
    /// has expired (`ReplayWindow.sweepBefore`), so a gateway with a fast clock never
    /// forgets a request one with a slow clock would still serve.
    static func sweep(_ store: any BackendStore, at now: Int64) async throws(BackendStoreFailure) {
        try await store.sweep(now: ObliviousGateway.window.sweepBefore(now: now))
    }

    private func application(onListening: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        Application(
            responder: StoreResponder(handler: handler, maximumBodyBytes: configuration.maximumRequestBodyBytes),
            server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "storefront-backend"
            ),
            onServerRunning: { channel in
                await onListening(channel.localAddress?.port ?? 0)
            },
            logger: logger
        )
    }

    /// HTTP/1.1 with both timeouts, wrapped in TLS when certificate files are given
    /// (read now, so a bad file stops the start, not the first connection).
    private static func serverBuilder(_ configuration: StoreServerConfiguration) throws(StoreServerError) -> HTTPServerBuilder {
        let (readTimeout, idleTimeout) = (configuration.requestReadTimeout, configuration.idleTimeout)
        let http = HTTPServerBuilder { responder in
            StoreHTTP1Channel(responder: responder, readTimeout: readTimeout, idleTimeout: idleTimeout)
        }
        guard let files = configuration.tls else { return http }
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(files.certificateChain)
            let key = try NIOSSLPrivateKey(file: files.privateKey, format: .pem)
            let tls = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
            return try .tls(http, tlsConfiguration: tls)
        } catch {
            throw .tlsUnusable("\(files.certificateChain), \(files.privateKey): \(error)")
        }
    }
}
