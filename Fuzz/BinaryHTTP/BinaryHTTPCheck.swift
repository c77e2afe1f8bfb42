import Infrastructure

/// One fuzz input read as a Binary HTTP message (RFC 9292), request and response both,
/// in whichever form its framing indicator names, as the gateway reads every request it
/// opens and the client every answer. A crash, a hang, or a broken rule below is a
/// finding:
/// - reading never goes past the bytes given, whatever lengths they announce;
/// - a message that reads, written again in each form (known-length unpadded; and
///   indeterminate-length in chunks as long as the input's last byte says, with a
///   trailer and padding) and read back, is the same message, so nothing is read one
///   way and re-sent another, and the two forms mean one thing.
enum BinaryHTTPCheck {
    static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        let chunkSize = Int(bytes.last ?? 0) % 8 + 1
        let trailer = [BinaryHTTPField(name: "trailer", value: "text")]
        if let request = try? BinaryHTTPRequest(decoding: bytes) {
            precondition((try? BinaryHTTPRequest(decoding: request.encoded())) == request, "a request read back otherwise")
            precondition(request.encoded().count <= bytes.count + 16, "a request grew when written again")
            let indeterminate = IndeterminateLengthWriter.request(request, chunkSize: chunkSize, trailers: trailer, padding: chunkSize)
            precondition((try? BinaryHTTPRequest(decoding: indeterminate)) == request, "a request read otherwise in the other form")
        }
        if let response = try? BinaryHTTPResponse(decoding: bytes) {
            precondition((try? BinaryHTTPResponse(decoding: response.encoded())) == response, "a response read back otherwise")
            precondition((200...599).contains(response.status), "a final status of \(response.status)")
            let indeterminate = IndeterminateLengthWriter.response(response, chunkSize: chunkSize, trailers: trailer, padding: chunkSize, interim: true)
            precondition((try? BinaryHTTPResponse(decoding: indeterminate)) == response, "a response read otherwise in the other form")
        }
    }
}
