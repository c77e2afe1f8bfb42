#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Infrastructure

/// What every transport adapter needs to know and put up with, whichever HTTP stack
/// it drives. Both adapters take this one value, and one contract suite holds them to it.
public struct TransportConfiguration: Sendable {
    /// The backend, e.g. `http://127.0.0.1:8080` or `https://store.example/api`;
    /// request targets are appended to it.
    public var baseURL: URL
    /// How long the server may stay silent (to connect, or between bytes) before the
    /// request counts as unreachable.
    public var idleTimeout: Duration
    /// How long one exchange may take in all, however the bytes trickle in: an idle
    /// timer alone lets a server that sends a byte a second hold the command forever.
    public var deadline: Duration
    /// The largest response body accepted; a larger one is cut off and reported.
    public var maximumResponseBytes: Int
    /// How an `https` backend must prove its identity.
    public var trust: ServerTrust

    public init(
        baseURL: URL,
        idleTimeout: Duration = .seconds(10),
        deadline: Duration = .seconds(15),
        maximumResponseBytes: Int = 8 * 1024 * 1024,
        trust: ServerTrust = .system
    ) {
        self.baseURL = baseURL
        self.idleTimeout = idleTimeout
        self.deadline = deadline
        self.maximumResponseBytes = maximumResponseBytes
        self.trust = trust
    }

    /// The absolute URL for a request target (already percent-encoded; appended as
    /// text so its bytes stay exactly those the payload layer authenticated).
    public func url(for target: String) -> String {
        let base = baseURL.absoluteString
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + target
    }

    /// A backend URL as the chain needs it: the origin (scheme, host, port) for the
    /// adapter, and the path, percent-encoded and without a trailing `/`, for
    /// `BasePathInterceptor`, so the payload layer sees the target the request line carries.
    public static func split(_ url: URL) -> (origin: URL, basePath: String) {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return (url, "") }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = ""
        components.query = nil
        components.fragment = nil
        return (components.url ?? url, path)
    }
}
