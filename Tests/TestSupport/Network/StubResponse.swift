import HTTPTypes

/// A scripted answer, written as briefly as a test wants it: a status, fields by name and
/// a body. A fake transport turns it into swift-http-types' response, as an adapter would.
public struct StubResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is the UTF-8 of `json`.
    public static func json(_ status: Int, _ json: String) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json"], body: Array(json.utf8))
    }

    /// The answer as the chain carries it. A name that is not a field name is a bug in
    /// the test, so it stops the test at once.
    public var http: (HTTPResponse, [UInt8]) {
        var fields = HTTPFields()
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            guard let fieldName = HTTPField.Name(name) else { preconditionFailure("not a field name: \(name)") }
            fields.append(HTTPField(name: fieldName, value: value))
        }
        return (HTTPResponse(status: HTTPResponse.Status(code: status), headerFields: fields), body)
    }
}

extension HTTPResponse {
    /// A field's value by name, in any case, for a test's expectations.
    public func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { headerFields[$0] }
    }
}

extension HTTPRequest {
    /// A request in origin form, as the store's endpoints make them.
    public static func origin(_ method: Method, _ target: String, headers: HTTPFields = [:]) -> HTTPRequest {
        HTTPRequest(method: method, scheme: nil, authority: nil, path: target, headerFields: headers)
    }
}
