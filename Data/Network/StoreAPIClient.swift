import Foundation

/// The one place that turns HTTP into results: it sends a request through the chain,
/// treats anything but 2xx as an error (with the server's `message`), and decodes the
/// body. Repositories never look at a status code themselves.
struct StoreAPIClient: Sendable {
    private let transport: any HTTPTransport

    init(transport: any HTTPTransport) {
        self.transport = transport
    }

    func send<Response: Decodable>(_ request: HTTPRequest, expecting: Response.Type) async throws(APIError) -> Response {
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .network(error)
        }
        guard response.isSuccess else {
            let message = try? JSONDecoder().decode(ErrorBodyDTO.self, from: Data(response.body)).message
            throw .status(response.status, message: message)
        }
        do {
            return try JSONDecoder().decode(Response.self, from: Data(response.body))
        } catch {
            throw .undecodable(detail: "\(request.method.rawValue) \(request.path): \(Self.describe(error))")
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
