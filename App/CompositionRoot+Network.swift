import AppShared
import Data
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Infrastructure
import Logging
import Presentation

/// The network under the store client, as the settings describe it: where the adapter
/// points (the relay when sealed through one), the Oblivious HTTP layer and which source
/// its keys come from, inside the store's interceptor chain. The root's own part of the
/// graph, in a file of its own for its size.
extension CompositionRoot {
    /// What the adapter is made with: the backend's origin, or the relay's when sealed
    /// through one (every request then goes to the relay), and the TLS trust.
    static func adapterConfiguration(_ settings: ClientSettings) -> TransportConfiguration {
        let origin = TransportConfiguration.split(settings.baseURL).origin
        let relay = settings.oblivious?.relay.map(TransportConfiguration.split)
        return TransportConfiguration(baseURL: relay?.origin ?? origin, trust: settings.trust)
    }

    /// `adapter` inside the store's interceptor chain (whose order is Data's decision:
    /// `InterceptedTransport.storeChain`).
    static func makeChain(
        settings: ClientSettings,
        adapter: any HTTPTransport,
        sessions: any SessionStore,
        logger: Logger,
        clock: any WallClock,
        announceWait: @escaping @Sendable (Duration) -> Void
    ) -> InterceptedTransport {
        let (origin, basePath) = TransportConfiguration.split(settings.baseURL)
        let relay = settings.oblivious?.relay.map(TransportConfiguration.split)
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
                    scheme: origin.scheme ?? "https", authority: authority(of: origin), transport: adapter,
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
        return InterceptedTransport.storeChain(
            adapter: adapter,
            sessions: sessions,
            oblivious: oblivious,
            logger: logger,
            clock: clock,
            basePath: basePath,
            announceWait: announceWait
        )
    }

    /// `host:port` of an origin, as a request's authority names it: an IPv6 address in
    /// brackets (RFC 3986 section 3.2.2), which `URL.host` leaves off.
    private static func authority(of origin: URL) -> String {
        let host = origin.host ?? ""
        return (host.contains(":") ? "[\(host)]" : host) + (origin.port.map { ":\($0)" } ?? "")
    }

    /// The logger of the network's `--verbose` lines (one per exchange, cache hits and
    /// misses, the refresh), on standard error; without `--verbose` only warnings.
    static func makeLogger(output: any ConsoleOutput, verbose: Bool) -> Logger {
        Logger(label: "storefront") { _ in
            DiagnosticLogHandler(logLevel: verbose ? .debug : .warning) { output.printDiagnostic($0) }
        }
    }
}
