import HTTPTypes

extension HTTPRequest.Method {
    /// Whether sending the request twice does what sending it once does (RFC 9110
    /// section 9.2.2): what allows a retry, and a second try under another key.
    var isIdempotent: Bool {
        [.get, .head, .options, .trace, .put, .delete].contains(self)
    }
}
