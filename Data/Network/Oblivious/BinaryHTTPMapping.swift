import HTTPTypes
import Infrastructure

/// A chain request as the Binary HTTP message Oblivious HTTP seals, and a Binary HTTP
/// answer back as the chain's response: every header travels inside, none outside.
enum BinaryHTTPMapping {
    static func message(_ request: HTTPRequest, body: [UInt8]?, date: String) -> BinaryHTTPRequest {
        var fields = request.headerFields.map { BinaryHTTPField(name: $0.name.canonicalName, value: $0.value) }
        // RFC 9458 section 6.5: the gateway bounds its replay memory by this.
        fields.removeAll { $0.name == "date" }
        fields.append(BinaryHTTPField(name: "date", value: date))
        return BinaryHTTPRequest(
            method: request.method.rawValue, scheme: request.scheme ?? "https", authority: request.authority ?? "",
            path: request.path ?? "/", headerFields: fields, content: body ?? []
        )
    }

    /// The answer, or nil when a field name or the status is not one HTTP allows.
    static func response(_ message: BinaryHTTPResponse) -> (HTTPResponse, [UInt8])? {
        guard (200...599).contains(message.status) else { return nil }
        var fields = HTTPFields()
        for field in message.headerFields {
            guard let name = HTTPField.Name(field.name) else { return nil }
            fields.append(HTTPField(name: name, lenientValue: field.valueBytes))
        }
        return (HTTPResponse(status: .init(code: message.status), headerFields: fields), message.content)
    }
}
