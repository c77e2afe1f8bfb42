import HTTPTypes
import Hummingbird

/// The Hummingbird side: turns its request into a `StoreRequest` and back, and does
/// nothing else, so the store logic stays testable without a server.
struct StoreResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let handler: StoreHTTPHandler
    let maximumBodyBytes: Int

    func respond(to request: Request, context: Context) async throws -> Response {
        var request = request
        var bodyTooLarge = false
        var body: [UInt8] = []
        do {
            let buffer = try await request.collectBody(upTo: maximumBodyBytes)
            body = Array(buffer: buffer)
        } catch {
            bodyTooLarge = true
        }
        var headers: [String: String] = [:]
        for field in request.headers {
            headers[field.name.canonicalName] = field.value
        }
        let storeRequest = StoreRequest(method: request.method.rawValue, target: request.uri.string, headers: headers, body: body)

        let answer = await handler.handle(storeRequest, bodyTooLarge: bodyTooLarge)

        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let fieldName = HTTPField.Name(name) {
                fields[fieldName] = value
            }
        }
        return Response(
            status: HTTPResponse.Status(code: answer.status),
            headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body))
        )
    }
}
