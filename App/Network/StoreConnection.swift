import AppShared
import Data
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPClientAdapter
import Infrastructure
import Logging
import Presentation
#if URLSessionTransport
import URLSessionAdapter
#endif

/// The network under the store client, as the settings describe it: the adapter (the
/// relay's when sealed through one), the Oblivious HTTP layer and where its keys come
/// from, inside the store's interceptor chain. Part of the composition root's graph,
/// kept apart because it is the one part that decides between implementations.
enum StoreConnection {
    /// The adapter the settings name, inside the store's interceptor chain (whose order
    /// is Data's decision: `InterceptedTransport.storeChain`), and how to close it.
    static func make(
        settings: ClientSettings,
        sessions: any SessionStore,
        logger: Logger,
        clock: any WallClock,
        announceWait: @escaping @Sendable (Duration) -> Void
    ) throws(StartupFailure) -> (InterceptedTransport, @Sendable () async -> Void) {
        let (origin, basePath) = TransportConfiguration.split(settings.baseURL)
        // Sealed through a relay, every request goes to the relay: the adapter is its.
        let relay = settings.oblivious?.relay.map(TransportConfiguration.split)
        let adapter = try makeAdapter(settings: settings, origin: relay?.origin ?? origin)
        let closers = [adapter.close]
        var oblivious: ObliviousHTTPInterceptor?
        if let sealing = settings.oblivious {
            let keys: any GatewayKeySource
            switch sealing.keys {
            case .file(let path, let configuration):
                keys = FileGatewayKeySource(path: path, configuration: configuration)
            case .gateway:
                // The configuration comes from the backend itself, with its trust and pins;
                // never with a relay (the settings refuse that), so the adapter is the backend's.
                keys = WellKnownGatewayKeySource(
                    scheme: origin.scheme ?? "https", authority: authority(of: origin), transport: adapter.transport,
                    dataFolder: settings.stateDirectory, clock: clock
                )
            }
            let destination = relay?.origin ?? origin
            let target = ObliviousHTTPInterceptor.Target(
                scheme: destination.scheme ?? "http", authority: authority(of: destination),
                path: relay.map { $0.basePath.isEmpty ? "/" : $0.basePath } ?? ObliviousGatewayPath.wellKnown
            )
            oblivious = ObliviousHTTPInterceptor(
                keys: keys, target: target, origin: (origin.scheme ?? "http", authority(of: origin)), clock: clock
            )
        }
        let chain = InterceptedTransport.storeChain(
            adapter: adapter.transport,
            sessions: sessions,
            oblivious: oblivious,
            logger: logger,
            clock: clock,
            basePath: basePath,
            announceWait: announceWait
        )
        let close = closers
        return (chain, { for closer in close { await closer() } })
    }

    /// `host:port` of an origin, as a request's authority names it.
    private static func authority(of origin: URL) -> String {
        (origin.host ?? "") + (origin.port.map { ":\($0)" } ?? "")
    }

    private static func makeAdapter(
        settings: ClientSettings,
        origin: URL
    ) throws(StartupFailure) -> (transport: any HTTPTransport, close: @Sendable () async -> Void) {
        let configuration = TransportConfiguration(baseURL: origin, trust: settings.trust)
        switch settings.transport {
        case .asyncHTTPClient:
            do {
                let transport = try AsyncHTTPClientTransport(configuration: configuration)
                return (transport, { await transport.shutdown() })
            } catch {
                throw adapterFailure(error)
            }
        case .urlSession:
            #if URLSessionTransport
            do {
                return (try URLSessionTransport(configuration: configuration), {})
            } catch {
                throw adapterFailure(error)
            }
            #else
            // Settings refuse this first; here only so every case is answered.
            throw StartupFailure(ClientSettings.TransportKind.notBuiltIn)
            #endif
        }
    }

    private static func adapterFailure(_ error: TransportError) -> StartupFailure {
        let reason = if case .invalidRequest(let reason) = error { reason } else { "\(error)" }
        return StartupFailure("The HTTP client cannot start: \(reason).")
    }

    /// The logger of the network's `--verbose` lines (one per exchange, cache hits and
    /// misses, the refresh), on standard error; without `--verbose` only warnings.
    static func logger(output: any ConsoleOutput, verbose: Bool) -> Logger {
        Logger(label: "storefront") { _ in
            DiagnosticLogHandler(logLevel: verbose ? .debug : .warning) { output.printDiagnostic($0) }
        }
    }
}
