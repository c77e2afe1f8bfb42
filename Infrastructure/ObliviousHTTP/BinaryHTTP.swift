/// One field line of a Binary HTTP message: a lowercase name and its value.
public struct BinaryHTTPField: Sendable, Equatable {
    public let name: String
    /// The value's bytes as they came: obs-text (bytes from 0x80) is opaque data, kept
    /// whole (RFC 9110 section 5.5), as swift-http-types' `HTTPField` keeps it.
    public let valueBytes: [UInt8]

    /// The value as UTF-8 text; a byte that is not UTF-8 reads as U+FFFD.
    public var value: String { String(decoding: valueBytes, as: UTF8.self) }

    public init(name: String, value: String) {
        self.init(name: name, valueBytes: Array(value.utf8))
    }

    public init(name: String, valueBytes: some Collection<UInt8>) {
        self.name = name.lowercased()
        self.valueBytes = Array(valueBytes)
    }
}

/// A request as Binary HTTP (RFC 9292) carries it: the control data (method, scheme,
/// authority, path), the header fields and the content. Oblivious HTTP encapsulates
/// these bytes whole, so nothing of the request is readable on the path.
///
/// It is written in the known-length form, and read in either form section 3 defines,
/// as other implementations write the indeterminate-length one.
public struct BinaryHTTPRequest: Sendable, Equatable {
    public var method: String
    public var scheme: String
    public var authority: String
    public var path: String
    public var headerFields: [BinaryHTTPField]
    public var content: [UInt8]

    public init(method: String, scheme: String, authority: String, path: String, headerFields: [BinaryHTTPField] = [], content: [UInt8] = []) {
        self.method = method
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.headerFields = headerFields
        self.content = content
    }

    /// The message's bytes, known-length, sections left empty at the end omitted (RFC
    /// 9292 section 3.8), then zero bytes up to `paddedLength` when that is longer.
    public func encoded(paddedLength: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendVarint(BinaryHTTPFraming.knownLengthRequest)
        for part in [method, scheme, authority, path] { bytes.appendLengthPrefixed(Array(part.utf8)) }
        BinaryHTTPSections.append(headers: headerFields, content: content, to: &bytes)
        return BinaryHTTPSections.padded(bytes, to: paddedLength)
    }

    /// The message's bytes padded to its bucket (`MessagePadding`), encoded once.
    public func paddedEncoding() -> [UInt8] {
        BinaryHTTPSections.paddedToBucket(encoded())
    }

    /// Reads a request in either form; a response, or anything malformed, is an error.
    public init(decoding bytes: [UInt8]) throws(ObliviousHTTPError) {
        var reader = ByteReader(bytes)
        let form: BinaryHTTPSections.Form
        switch try reader.varint("framing indicator") {
        case BinaryHTTPFraming.knownLengthRequest: form = .knownLength
        case BinaryHTTPFraming.indeterminateLengthRequest: form = .indeterminateLength
        default: throw .malformed("not a request")
        }
        method = try BinaryHTTPSections.text(reader.lengthPrefixed("method"), "method", allowed: BinaryHTTPSections.isTokenCharacter)
        scheme = try BinaryHTTPSections.text(reader.lengthPrefixed("scheme"), "scheme", allowed: BinaryHTTPSections.isSchemeCharacter)
        authority = try BinaryHTTPSections.text(reader.lengthPrefixed("authority"), "authority", allowed: BinaryHTTPSections.isVisible, mayBeEmpty: true)
        path = try BinaryHTTPSections.text(reader.lengthPrefixed("path"), "path", allowed: BinaryHTTPSections.isVisible)
        (headerFields, content) = try BinaryHTTPSections.readRest(&reader, form)
    }
}

/// A final response as Binary HTTP carries it: the status, the header fields and the
/// content. Written known-length and read in either form, as the request is.
/// Informational (1xx) responses before it are read and dropped; none is ever sent.
public struct BinaryHTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headerFields: [BinaryHTTPField]
    public var content: [UInt8]

    public init(status: Int, headerFields: [BinaryHTTPField] = [], content: [UInt8] = []) {
        self.status = status
        self.headerFields = headerFields
        self.content = content
    }

    /// The value of the first field named `name` (any case), if any.
    public func field(_ name: String) -> String? {
        let lowercased = name.lowercased()
        return headerFields.first { $0.name == lowercased }?.value
    }

    public func encoded(paddedLength: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendVarint(BinaryHTTPFraming.knownLengthResponse)
        bytes.appendVarint(UInt64(max(0, status)))
        BinaryHTTPSections.append(headers: headerFields, content: content, to: &bytes)
        return BinaryHTTPSections.padded(bytes, to: paddedLength)
    }

    /// The message's bytes padded to its bucket (`MessagePadding`), encoded once.
    public func paddedEncoding() -> [UInt8] {
        BinaryHTTPSections.paddedToBucket(encoded())
    }

    /// Reads a response in either form; a request, or anything malformed, is an error.
    public init(decoding bytes: [UInt8]) throws(ObliviousHTTPError) {
        var reader = ByteReader(bytes)
        let form: BinaryHTTPSections.Form
        switch try reader.varint("framing indicator") {
        case BinaryHTTPFraming.knownLengthResponse: form = .knownLength
        case BinaryHTTPFraming.indeterminateLengthResponse: form = .indeterminateLength
        default: throw .malformed("not a response")
        }
        var code = try reader.varint("status")
        while (100...199).contains(code) {
            _ = try BinaryHTTPSections.fieldSection(&reader, form, "informational fields")
            code = try reader.varint("status")
        }
        guard (200...599).contains(code) else { throw .malformed("status \(code) is not a final status") }
        status = Int(code)
        (headerFields, content) = try BinaryHTTPSections.readRest(&reader, form)
    }
}

/// RFC 9292 section 3.3: the integer a message starts with, which says whether it is a
/// request or a response and in which form its sections are written.
enum BinaryHTTPFraming {
    static let knownLengthRequest: UInt64 = 0
    static let knownLengthResponse: UInt64 = 1
    static let indeterminateLengthRequest: UInt64 = 2
    static let indeterminateLengthResponse: UInt64 = 3
}
