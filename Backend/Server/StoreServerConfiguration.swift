import Infrastructure

/// How to run the reference backend.
public struct StoreServerConfiguration: Sendable {
    /// Loopback unless told otherwise: a demo server has no business on a public interface.
    public var host: String = "127.0.0.1"
    /// 0 picks any free port.
    public var port: Int = 8080
    /// The payload key; nil serves plain JSON.
    public var payloadKey: AES256Key?
    /// How many products the catalogue holds (up to 1,000,000), and the seed it is made from.
    public var productCount: Int = 300
    public var catalogueSeed: UInt64 = 2026
    /// The largest request body accepted; larger ones get 413.
    public var maximumRequestBodyBytes: Int = 64 * 1024
    /// For tests: a delay before every answer.
    public var latency: Duration = .zero
    /// For tests: answer this many requests with 503 before behaving.
    public var failFirstRequests: Int = 0
    /// For tests: no access token lives longer than this, whatever `expiresInMins` says.
    public var maximumAccessTokenLifetime: Duration?

    public init() {}

    public static let maximumProductCount = 1_000_000
}

/// Why the backend could not start.
public enum StoreServerError: Error, Equatable, CustomStringConvertible {
    case invalidProductCount(Int)
    case cryptoUnavailable(String)

    public var description: String {
        switch self {
        case .invalidProductCount(let count):
            "the catalogue holds 1 to \(StoreServerConfiguration.maximumProductCount) products, not \(count)"
        case .cryptoUnavailable(let reason):
            "the backend cannot hash passwords or make tokens: \(reason)"
        }
    }
}
