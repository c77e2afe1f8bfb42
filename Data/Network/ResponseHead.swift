import HTTPTypes

/// The response head an adapter hands up, on the rules both adapters keep whatever HTTP
/// stack they drive: one place, so the two cannot drift apart.
public enum ResponseHead {
    /// The statuses HTTP has (RFC 9110, section 15): a three-digit code from 100 to 599.
    /// Both adapters refuse any other before an interceptor sees it.
    public static let httpStatuses = 100...599

    /// The response head built from the status and fields an HTTP stack reported:
    /// - a status outside 100–599 is not HTTP;
    /// - a field whose name is not a token or whose value is not text (NIO keeps bytes
    ///   that are not UTF-8 as U+FFFD) is refused, never repaired: a mangled header (a
    ///   `Content-Type`, a `Retry-After`) must not be half-read later;
    /// - a redirect is refused, never followed.
    /// Each is a `TransportError`, as the socket's own failures are.
    public static func checked(status: Int, fields: [(name: String, value: String)]) throws(TransportError) -> HTTPResponse {
        guard httpStatuses.contains(status) else {
            throw .malformedResponse(reason: "status \(status), which is not an HTTP status")
        }
        var headerFields = HTTPFields()
        for (name, value) in fields {
            guard let fieldName = HTTPField.Name(name), !value.contains("\u{FFFD}"), HTTPField.isValidValue(value) else {
                throw .malformedResponse(reason: "the header \(name.filter { $0.isASCII && !$0.isNewline }) is not valid text")
            }
            headerFields.append(HTTPField(name: fieldName, value: value))
        }
        // What a status means is `AnswerMeaning`'s, here as everywhere.
        if case .redirect = AnswerMeaning(status: status, retryAfter: nil) {
            throw .redirected(status: status, location: headerFields[.location])
        }
        return HTTPResponse(status: HTTPResponse.Status(code: status), headerFields: headerFields)
    }
}
