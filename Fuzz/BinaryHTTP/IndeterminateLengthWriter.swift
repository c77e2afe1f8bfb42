@testable import Infrastructure

/// Binary HTTP in the indeterminate-length form (RFC 9292 section 3.2), as other
/// implementations write it: Apple's swift-nio-oblivious-http writes only this form.
/// Storefront reads it and writes known-length, so this is the other peer's writer, for
/// the fuzz check and for the tests that play such a peer.
enum IndeterminateLengthWriter {
    /// `request` with its content in chunks of at most `chunkSize` bytes, then
    /// `trailers`, then `padding` zero bytes.
    static func request(_ request: BinaryHTTPRequest, chunkSize: Int = .max, trailers: [BinaryHTTPField] = [], padding: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendVarint(BinaryHTTPFraming.indeterminateLengthRequest)
        for part in [request.method, request.scheme, request.authority, request.path] {
            bytes.appendLengthPrefixed(Array(part.utf8))
        }
        appendSections(request.headerFields, request.content, trailers, chunkSize: chunkSize, to: &bytes)
        return bytes + [UInt8](repeating: 0, count: padding)
    }

    /// `response` as `request` writes a request, with a `102` before it when `interim`.
    static func response(_ response: BinaryHTTPResponse, chunkSize: Int = .max, trailers: [BinaryHTTPField] = [], padding: Int = 0, interim: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendVarint(BinaryHTTPFraming.indeterminateLengthResponse)
        if interim {
            bytes.appendVarint(102)
            appendFieldSection([], to: &bytes)
        }
        bytes.appendVarint(UInt64(max(0, response.status)))
        appendSections(response.headerFields, response.content, trailers, chunkSize: chunkSize, to: &bytes)
        return bytes + [UInt8](repeating: 0, count: padding)
    }

    private static func appendSections(_ headers: [BinaryHTTPField], _ content: [UInt8], _ trailers: [BinaryHTTPField], chunkSize: Int, to bytes: inout [UInt8]) {
        appendFieldSection(headers, to: &bytes)
        var start = content.startIndex
        while start < content.endIndex {
            let end = content.index(start, offsetBy: max(1, chunkSize), limitedBy: content.endIndex) ?? content.endIndex
            bytes.appendLengthPrefixed(content[start..<end])
            start = end
        }
        bytes.append(0)
        appendFieldSection(trailers, to: &bytes)
    }

    /// Each field line, then the zero that ends the section.
    private static func appendFieldSection(_ fields: [BinaryHTTPField], to bytes: inout [UInt8]) {
        for field in fields {
            bytes.appendLengthPrefixed(Array(field.name.utf8))
            bytes.appendLengthPrefixed(field.valueBytes)
        }
        bytes.append(0)
    }
}
