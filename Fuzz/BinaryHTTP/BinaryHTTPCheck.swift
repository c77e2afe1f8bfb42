import Infrastructure

/// One fuzz input read as a Binary HTTP message (RFC 9292), request and response both,
/// as the gateway reads every request it opens and the client every answer. A crash, a
/// hang, or a broken rule below is a finding:
/// - reading never goes past the bytes given, whatever lengths they announce;
/// - a message that reads, written again (unpadded) and read back, is the same message,
///   so nothing is read one way and re-sent another.
enum BinaryHTTPCheck {
    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        if let request = try? BinaryHTTPRequest(decoding: bytes) {
            precondition((try? BinaryHTTPRequest(decoding: request.encoded())) == request, "a request read back otherwise")
            precondition(request.encoded().count <= bytes.count + 16, "a request grew when written again")
        }
        if let response = try? BinaryHTTPResponse(decoding: bytes) {
            precondition((try? BinaryHTTPResponse(decoding: response.encoded())) == response, "a response read back otherwise")
            precondition((200...599).contains(response.status), "a final status of \(response.status)")
        }
    }
}
