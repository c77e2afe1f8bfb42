import Foundation
import Infrastructure
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with `URLSession` (FoundationNetworking on Linux): one session for
/// the process so connections are reused, a timeout per request, a cap on the
/// response size enforced while the body streams in, and real cancellation: when the
/// calling task is cancelled, the HTTP request itself is cancelled.
public final class URLSessionTransport: HTTPTransport {
    /// Where to send requests and how much to put up with.
    public struct Configuration: Sendable {
        /// The backend, e.g. `http://127.0.0.1:8080`; request targets are appended to it.
        public var baseURL: URL
        /// How long a request may wait for the server before it counts as unreachable.
        public var timeout: Duration
        /// The largest response body accepted; a larger one is cut off and reported.
        public var maximumResponseBytes: Int

        public init(baseURL: URL, timeout: Duration = .seconds(10), maximumResponseBytes: Int = 8 * 1024 * 1024) {
            self.baseURL = baseURL
            self.timeout = timeout
            self.maximumResponseBytes = maximumResponseBytes
        }

        /// The timeout rounded up to whole seconds, at least one. FoundationNetworking
        /// on Linux truncates the interval to whole seconds, so 0.3 s would become an
        /// immediate timeout (seen with Swift 6.3 on Debian).
        var wholeSecondTimeout: TimeInterval {
            max(1, timeout.timeInterval.rounded(.up))
        }
    }

    private let configuration: Configuration
    private let session: URLSession
    private let exchanges: ExchangeRegistry

    public init(configuration: Configuration) {
        self.configuration = configuration
        let exchanges = ExchangeRegistry()
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.wholeSecondTimeout
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        self.exchanges = exchanges
        self.session = URLSession(configuration: sessionConfiguration, delegate: exchanges, delegateQueue: nil)
    }

    deinit {
        // A session keeps its delegate alive until it is invalidated.
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        let task = session.dataTask(with: try urlRequest(for: request))
        let limit = configuration.maximumResponseBytes
        let exchanges = self.exchanges
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    exchanges.register(task, limit: limit, continuation: continuation)
                    task.resume()
                }
            } onCancel: {
                task.cancel()
            }
        } catch let error as NetworkError {
            throw error
        } catch {
            throw .unreachable(reason: String(describing: error))
        }
    }

    private func urlRequest(for request: HTTPRequest) throws(NetworkError) -> URLRequest {
        // The target is already percent-encoded; appending it as text keeps its bytes as
        // they are, which the sealed associated data depends on.
        let base = configuration.baseURL.absoluteString.hasSuffix("/")
            ? String(configuration.baseURL.absoluteString.dropLast())
            : configuration.baseURL.absoluteString
        guard let url = URL(string: base + request.target) else {
            throw .invalidRequest(reason: "cannot form a URL from \(base) and \(request.path)")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = configuration.wholeSecondTimeout
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        if let body = request.body {
            urlRequest.httpBody = Data(body)
        }
        return urlRequest
    }
}
