import Infrastructure
import Logging

/// One log line per exchange: method, target, status, milliseconds and attempt, and
/// what the cache did (added by the cache policy through `ExchangeRecord`).
///
/// Never a body, a header (so never `Authorization`), a token, a password or a key:
/// it is handed only what it prints. The query string is printed; a search is not a secret.
public struct LoggingInterceptor: HTTPInterceptor {
    private let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    public func intercept(_ request: HTTPRequest, next: @escaping HTTPHandler) async throws(NetworkError) -> HTTPResponse {
        let clock = ContinuousClock()
        let start = clock.now
        let exchange = "\(request.method.rawValue) \(request.target)"
        do {
            let response = try await next(request)
            log("\(exchange) \(response.status) \((clock.now - start).wholeMilliseconds) ms attempt \(response.attempt)")
            return response
        } catch {
            log("\(exchange) failed (\(Self.summary(of: error))) \((clock.now - start).wholeMilliseconds) ms")
            throw error
        }
    }

    /// Hands the line to the cache policy when there is one; otherwise the answer is
    /// never cached (a login, a refresh), and the line says so now.
    private func log(_ network: String) {
        if let record = ExchangeRecord.current {
            record.record(network)
        } else {
            logger.debug("\(network), not cached")
        }
    }

    /// The error's kind in a few words; reasons come from the transport and crypto
    /// layers, which never put secrets into them.
    private static func summary(of error: NetworkError) -> String {
        switch error {
        case .cannotConnect(let reason): "cannot connect: \(reason)"
        case .unreachable(let reason): "unreachable: \(reason)"
        case .deadlineExceeded(let deadline): "no complete answer within \(deadline.wholeMilliseconds) ms"
        case .cancelled: "cancelled"
        case .redirected(let status, _): "redirect \(status) refused"
        case .malformedResponse(let reason): "malformed answer: \(reason)"
        case .serverIdentityRejected(let host, let reason): "TLS identity of \(host) rejected: \(reason)"
        case .responseTooLarge(let limit): "response over \(limit) bytes"
        case .unsealedResponse: "unsealed response refused"
        case .unopenableResponse: "sealed response did not open"
        case .sealingFailed: "sealing failed"
        case .notSignedIn: "not signed in"
        case .sessionExpired: "session expired"
        case .sessionStorage: "session storage failed"
        case .invalidRequest: "invalid request"
        }
    }
}
