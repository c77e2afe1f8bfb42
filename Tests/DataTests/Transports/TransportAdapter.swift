import Data
import Foundation
import HTTPClientAdapter
import HTTPTypes
import URLSessionAdapter

/// The two adapters behind `HTTPTransport`, as the contract suite runs them: each test
/// takes one as its argument, so both are held to the same expectations.
enum TransportAdapter: String, CaseIterable, Sendable, CustomStringConvertible {
    case asyncHTTPClient
    case urlSession

    var description: String { rawValue }

    /// Runs `body` with a fresh transport of this kind and shuts it down afterwards.
    func withTransport<Result>(
        _ configuration: TransportConfiguration,
        _ body: (any HTTPTransport) async throws -> Result
    ) async throws -> Result {
        let transport: any HTTPTransport = switch self {
        case .asyncHTTPClient: try AsyncHTTPClientTransport(configuration: configuration)
        case .urlSession: try URLSessionTransport(configuration: configuration)
        }
        do {
            let result = try await body(transport)
            await transport.shutdown()
            return result
        } catch {
            await transport.shutdown()
            throw error
        }
    }

    /// Sends one request with a fresh transport.
    func send(
        _ request: HTTPRequest,
        body: [UInt8]? = nil,
        to baseURL: URL,
        idleTimeout: Duration = .seconds(10),
        deadline: Duration = .seconds(15),
        maximumResponseBytes: Int = 8 * 1024 * 1024
    ) async throws -> (HTTPResponse, [UInt8]) {
        let configuration = TransportConfiguration(
            baseURL: baseURL, idleTimeout: idleTimeout, deadline: deadline, maximumResponseBytes: maximumResponseBytes
        )
        return try await withTransport(configuration) { try await $0.send(request, body: body) }
    }
}
