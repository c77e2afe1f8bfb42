import AsyncHTTPClient
import Data
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// The Linux transport: AsyncHTTPClient on SwiftNIO, the standard HTTP client of
/// server-side Swift. One client per process (connections are pooled and reused),
/// shut down by whoever made it.
///
/// What it refuses on principle: redirects (returned as an error, never followed, so a
/// token never travels to whatever `Location` names), compressed bodies (none are asked
/// for, so the size cap counts the bytes that arrive), and an exchange that outlives its
/// overall deadline. It waits on epoll: no processor time while the server is silent.
///
/// The client (and with it SwiftNIO's event-loop threads) is made at the first request,
/// not before: a command answered from the cache sends nothing and should not pay for
/// threads, or for the client's settings, it never uses. The TLS settings, which can
/// fail, are checked at once.
public final class AsyncHTTPClientTransport: HTTPTransport {
    private let configuration: TransportConfiguration
    /// The TLS settings for an https backend, made (and so checked) by `init`.
    private let tlsConfiguration: TLSConfiguration?
    private let client = Mutex<HTTPClient?>(nil)
    private let identity: ServerIdentityCheck?

    /// Fails only when the TLS settings cannot be used (an unreadable CA file).
    public init(configuration: TransportConfiguration) throws(TransportError) {
        self.configuration = configuration
        let host = configuration.baseURL.host ?? ""
        let isHTTPS = configuration.baseURL.scheme?.lowercased() == "https"
        let identity = isHTTPS
            ? ServerIdentityCheck(
                host: host,
                port: configuration.baseURL.port ?? 443,
                trust: configuration.trust,
                timeout: configuration.idleTimeout
            )
            : nil
        self.identity = identity
        tlsConfiguration = try identity?.tlsConfiguration()
    }

    /// AsyncHTTPClient's settings for this transport.
    private func clientConfiguration() -> HTTPClient.Configuration {
        let identity = self.identity
        var client = HTTPClient.Configuration()
        client.redirectConfiguration = .disallow
        client.decompression = .disabled
        client.httpVersion = .http1Only
        let idle = TimeAmount.milliseconds(configuration.idleTimeout.wholeMilliseconds)
        client.timeout = HTTPClient.Configuration.Timeout(connect: idle, read: idle)
        // A refused connection is an answer: report it now rather than retrying inside
        // the pool until the deadline. The retry interceptor decides what is retried.
        client.connectionPool.retryConnectionEstablishment = false
        client.tlsConfiguration = tlsConfiguration
        // Runs on every new connection (after its handshake), before any request is
        // written on it: a guard against status lines the client cannot survive, then
        // the pins, checked against that very connection.
        client.http1_1ConnectionDebugInitializer = { channel in
            StatusLineGuard.install(on: channel).flatMap {
                identity?.check(channel) ?? channel.eventLoop.makeSucceededVoidFuture()
            }
        }
        return client
    }

    /// Closes the pooled connections, if a request ever opened any. Call once, when the
    /// process is done with the network.
    public func shutdown() async {
        let made = client.withLock { made in
            defer { made = nil }
            return made
        }
        try? await made?.shutdown()
    }

    /// The one client of this transport, made at the first request.
    private func sharedClient() -> HTTPClient {
        client.withLock { made in
            if let made { return made }
            let fresh = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: clientConfiguration())
            made = fresh
            return fresh
        }
    }

    public func send(_ request: HTTPRequest, body: [UInt8]?) async throws(TransportError) -> (HTTPResponse, [UInt8]) {
        if Task.isCancelled { throw .cancelled }
        let prepared = prepare(request, body: body)
        let limit = configuration.maximumResponseBytes
        let client = sharedClient()
        let identity = self.identity
        let deadline = configuration.deadline
        // The client's own deadline ends with the response head; ExchangeDeadline also
        // bounds the body, which is where a dripping server spends its time.
        return try await ExchangeDeadline.run(within: deadline) { () async throws(TransportError) -> (HTTPResponse, [UInt8]) in
            do {
                let response = try await client.execute(prepared, deadline: .now() + .milliseconds(deadline.wholeMilliseconds))
                let head = try ResponseHead.checked(
                    status: Int(response.status.code),
                    fields: response.headers.map { (name: $0.name, value: $0.value) }
                )
                if let encoding = head.headerFields[.contentEncoding], encoding.lowercased() != "identity" {
                    throw TransportError.malformedResponse(reason: "a body encoded as \(encoding), which was not asked for")
                }
                let body = try await response.body.collect(upTo: limit)
                return (head, Array(buffer: body))
            } catch let error as TransportError {
                throw error
            } catch is NIOTooManyBytesError {
                throw TransportError.responseTooLarge(limit: limit)
            } catch {
                throw await AsyncHTTPClientErrors.classify(error, deadline: deadline, identity: identity)
            }
        }
    }

    /// swift-http-types' request as AsyncHTTPClient's, at this adapter's edge: the
    /// target goes after the base URL as text, the fields as they are.
    private func prepare(_ request: HTTPRequest, body: [UInt8]?) -> HTTPClientRequest {
        var prepared = HTTPClientRequest(url: configuration.url(for: request.path ?? ""))
        prepared.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headerFields {
            prepared.headers.add(name: field.name.rawName, value: field.value)
        }
        // Say so explicitly: a server may not compress what it was not asked to.
        prepared.headers.replaceOrAdd(name: "Accept-Encoding", value: "identity")
        if let body {
            prepared.body = .bytes(ByteBuffer(bytes: body))
        }
        return prepared
    }
}
