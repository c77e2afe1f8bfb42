import Domain
import Foundation
import Infrastructure

/// Where a response becomes a result for the repositories: it sends a request through
/// the chain, turns anything but 2xx into the `StoreError` it means (reading the
/// server's `message` for the cases that need it), and decodes the body. Repositories
/// never look at a status code themselves.
struct StoreAPIClient: Sendable {
    private let transport: any HTTPTransport
    /// Reads a `Retry-After` given as a date.
    private let clock: any WallClock

    init(transport: any HTTPTransport, clock: any WallClock) {
        self.transport = transport
        self.clock = clock
    }

    /// - Parameter kind: which kind of request this is, which says what its statuses mean.
    func send<Response: Decodable>(
        _ request: HTTPRequest,
        expecting: Response.Type,
        as kind: StoreErrorMapping.RequestKind = .authenticated
    ) async throws(StoreError) -> Response {
        let response = try await exchange(request)
        guard response.isSuccess else { throw failure(response, kind) }
        return try Self.decode(response, of: request, as: Response.self)
    }

    /// An answer that may be kept: the body with what its headers say about keeping it,
    /// or, when `etag` is given and the backend answers `304`, "still the same".
    enum Revalidation<Response> {
        case answer(Response, CacheDirectives)
        case notModified(CacheDirectives)
    }

    /// Sends `request`, conditional on `etag` (`If-None-Match`) when there is one.
    func send<Response: Decodable>(
        _ request: HTTPRequest,
        expecting: Response.Type,
        ifNoneMatch etag: String?
    ) async throws(StoreError) -> Revalidation<Response> {
        var request = request
        if let etag { request.headers["If-None-Match"] = etag }
        let response = try await exchange(request)
        if response.status == 304 {
            // A 304 only means something to a client that asked "has it changed?".
            guard etag != nil else { throw .unusableResponse(detail: "\(request.path): 304 to a request that held no ETag") }
            return .notModified(CacheDirectives(response))
        }
        guard response.isSuccess else { throw failure(response, .authenticated) }
        return .answer(try Self.decode(response, of: request, as: Response.self), CacheDirectives(response))
    }

    private func exchange(_ request: HTTPRequest) async throws(StoreError) -> HTTPResponse {
        do {
            return try await transport.send(request)
        } catch {
            throw StoreErrorMapping.storeError(for: error)
        }
    }

    private func failure(_ response: HTTPResponse, _ kind: StoreErrorMapping.RequestKind) -> StoreError {
        let message = try? JSONDecoder().decode(ErrorBodyDTO.self, from: Data(response.body)).message
        let retryAfter = RetryAfter.delay(from: response.header("Retry-After"), now: clock.now)
        return StoreErrorMapping.storeError(status: response.status, message: message, retryAfter: retryAfter, in: kind)
    }

    private static func decode<Response: Decodable>(_ response: HTTPResponse, of request: HTTPRequest, as type: Response.Type) throws(StoreError) -> Response {
        do {
            return try JSONDecoder().decode(Response.self, from: Data(response.body))
        } catch {
            throw .unusableResponse(detail: "\(request.method.rawValue) \(request.path): \(describe(error))")
        }
    }

    /// A decoding error in one line: which field, and what was wrong with it.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing field " + (parent.isEmpty ? key.stringValue : "\(parent).\(key.stringValue)")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            return "\(path(context).isEmpty ? "body" : path(context)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}
