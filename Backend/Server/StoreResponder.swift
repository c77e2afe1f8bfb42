import HTTPTypes
import Hummingbird

/// The Hummingbird side: turns its request into a `StoreRequest` and back, and does
/// nothing else, so the store logic stays testable without a server.
struct StoreResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let handler: StoreHTTPHandler
    let maximumBodyBytes: Int

    func respond(to request: Request, context: Context) async throws -> Response {
        // Read up to the cap; past it, keep what came (the gateway seals its 413 with
        // the key the request's first bytes name) and stop reading.
        var bodyTooLarge = false
        var body: [UInt8] = []
        do {
            for try await chunk in request.body {
                guard body.count + chunk.readableBytes <= maximumBodyBytes else {
                    body += Array(buffer: chunk).prefix(maximumBodyBytes - body.count)
                    bodyTooLarge = true
                    break
                }
                body += Array(buffer: chunk)
            }
        } catch {
            bodyTooLarge = true
        }
        var headers: [String: String] = [:]
        for field in request.headers {
            headers[field.name.canonicalName] = field.value
        }
        let storeRequest = StoreRequest(
            method: request.method.rawValue, target: request.uri.string, headers: headers, body: body, authority: request.head.authority
        )

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
