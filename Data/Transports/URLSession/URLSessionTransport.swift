import Foundation
import Data
import HTTPTypes
import Infrastructure
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with `URLSession` (FoundationNetworking on Linux): the adapter that
/// Apple-platform readers will use, and the second one held to the transport contract.
/// One session for the process so connections are reused, an idle timeout and an
/// overall deadline per request, a cap on the response size enforced while the body
/// streams in, redirects refused, and real cancellation.
///
/// Known limits on Linux (FoundationNetworking, Swift 6.3), which no code here can fix:
/// an answer cut off inside its header block traps the process
/// (swiftlang/swift-corelibs-foundation#5285); there is no server-trust hook, so no
/// custom authorities and no pins; and libcurl decodes a compressed body the server
/// sends unasked before the size cap sees it. On Linux, prefer `AsyncHTTPClientTransport`.
public final class URLSessionTransport: HTTPTransport {
    private let configuration: TransportConfiguration
    private let session: URLSession
    private let exchanges: ExchangeRegistry

    /// Fails when asked for TLS control that FoundationNetworking cannot give on Linux.
    public init(configuration: TransportConfiguration) throws(TransportError) {
        #if canImport(FoundationNetworking)
        if configuration.baseURL.scheme?.lowercased() == "https", configuration.trust != .system {
            throw .invalidRequest(
                reason: "the URLSession transport cannot use --ca-file or --pin on Linux (FoundationNetworking has no server-trust hook); use the default transport"
            )
        }
        #endif
        self.configuration = configuration
        let exchanges = ExchangeRegistry()
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = Self.wholeSeconds(configuration.idleTimeout)
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

    /// Nothing to close ahead of time: the session finishes its tasks and is invalidated
    /// when the transport goes (`deinit`).
    public func shutdown() async {}

    /// FoundationNetworking on Linux truncates a timeout to whole seconds, so 0.3 s would
    /// become an immediate timeout (seen with Swift 6.3 on Debian): round up, at least one.
    static func wholeSeconds(_ duration: Duration) -> TimeInterval {
        max(1, duration.timeInterval.rounded(.up))
    }

    public func send(_ request: HTTPRequest, body: [UInt8]?) async throws(TransportError) -> (HTTPResponse, [UInt8]) {
        if Task.isCancelled { throw .cancelled }
        let task = session.dataTask(with: try urlRequest(for: request, body: body))
        let limit = configuration.maximumResponseBytes
        let exchanges = self.exchanges
        return try await ExchangeDeadline.run(within: configuration.deadline) { () async throws(TransportError) -> (HTTPResponse, [UInt8]) in
            do {
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { continuation in
                        exchanges.register(task, limit: limit, continuation: continuation)
                        task.resume()
                    }
                } onCancel: {
                    task.cancel()
                }
                return try exchanges.answer(for: task)
            } catch let error as TransportError {
                throw error
            } catch {
                throw .unreachable(reason: String(describing: error))
            }
        }
    }

    /// swift-http-types' request as Foundation's, at this adapter's edge.
    private func urlRequest(for request: HTTPRequest, body: [UInt8]?) throws(TransportError) -> URLRequest {
        let target = request.path ?? ""
        guard let url = URL(string: configuration.url(for: target)) else {
            throw .invalidRequest(reason: "cannot form a URL from \(configuration.baseURL) and \(target)")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = Self.wholeSeconds(configuration.idleTimeout)
        for field in request.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        // No compression asked for, so the size cap counts the bytes that arrive.
        urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if let body {
            urlRequest.httpBody = Data(body)
        }
        return urlRequest
    }
}
