import Infrastructure

/// How to run the reference backend.
public struct StoreServerConfiguration: Sendable {
    /// Loopback unless told otherwise: a demo server has no business on a public interface.
    public var host: String = "127.0.0.1"
    /// 0 picks any free port.
    public var port: Int = 8080
    /// The Oblivious HTTP gateway's key ring; nil serves plain JSON.
    public var gatewayKeys: GatewayKeys?
    /// How many products the catalogue holds (up to 1,000,000), and the seed it is made from.
    public var productCount: Int = 300
    public var catalogueSeed: UInt64 = 2026
    /// Serve https with this certificate chain and key (PEM files); nil serves http.
    public var tls: TLSFiles?
    /// A connection silent this long is closed.
    public var idleTimeout: Duration = .seconds(30)
    /// A request must arrive in full (head and body) this soon after the connection
    /// opened or the previous answer went out, or the connection is closed: a client
    /// that trickles its headers cannot hold a connection for ever.
    public var requestReadTimeout: Duration = .seconds(10)
    /// The largest request body accepted; larger ones get 413. The gateway's published
    /// cap, which sealed clients hold themselves to, and plain requests' alike.
    public var maximumRequestBodyBytes: Int = ObliviousGatewayLimit.requestBytes
    /// For tests: a delay before every answer leaves, after its work and its log line.
    public var latency: Duration = .zero
    /// For tests: answer this many requests with 503 before behaving.
    public var failFirstRequests: Int = 0
    /// For tests: no access token lives longer than this, whatever `expiresInMins` says.
    public var maximumAccessTokenLifetime: Duration?

    public init() {}

    public static let maximumProductCount = 1_000_000
}

/// The PEM files of an https backend.
public struct TLSFiles: Sendable, Equatable {
    public var certificateChain: String
    public var privateKey: String

    public init(certificateChain: String, privateKey: String) {
        self.certificateChain = certificateChain
        self.privateKey = privateKey
    }
}

/// Why the backend could not start.
public enum StoreServerError: Error, Equatable, CustomStringConvertible {
    case invalidProductCount(Int)
    case cryptoUnavailable(String)
    case tlsUnusable(String)

    public var description: String {
        switch self {
        case .invalidProductCount(let count):
            "the catalogue holds 1 to \(StoreServerConfiguration.maximumProductCount) products, not \(count)"
        case .cryptoUnavailable(let reason):
            "the backend cannot hash passwords or make tokens: \(reason)"
        case .tlsUnusable(let reason):
            "the TLS certificate or key cannot be used: \(reason)"
        }
    }
}
