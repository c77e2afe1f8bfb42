/// One field line of a Binary HTTP message: a lowercase name and its value.
public struct BinaryHTTPField: Sendable, Equatable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name.lowercased()
        self.value = value
    }
}

/// A request as Binary HTTP (RFC 9292) carries it, known-length form: the control data
/// (method, scheme, authority, path), the header fields and the content. Oblivious HTTP
/// encapsulates these bytes whole, so nothing of the request is readable on the path.
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

    /// The message's bytes, sections left empty at the end omitted (RFC 9292 section
    /// 3.8), then zero bytes up to `paddedLength` when that is longer.
    public func encoded(paddedLength: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = [0]
        for part in [method, scheme, authority, path] { bytes.appendLengthPrefixed(Array(part.utf8)) }
        BinaryHTTPSections.append(headers: headerFields, content: content, to: &bytes)
        return BinaryHTTPSections.padded(bytes, to: paddedLength)
    }

    /// The message's bytes padded to its bucket (`MessagePadding`), encoded once.
    public func paddedEncoding() -> [UInt8] {
        BinaryHTTPSections.paddedToBucket(encoded())
    }

    /// Reads a known-length request; anything else, or anything malformed, is an error.
    public init(decoding bytes: [UInt8]) throws(ObliviousHTTPError) {
        var reader = ByteReader(bytes)
        guard try reader.varint("framing indicator") == 0 else { throw .malformed("not a known-length request") }
        method = try BinaryHTTPSections.text(reader.lengthPrefixed("method"), "method", allowed: BinaryHTTPSections.isTokenCharacter)
        scheme = try BinaryHTTPSections.text(reader.lengthPrefixed("scheme"), "scheme", allowed: BinaryHTTPSections.isSchemeCharacter)
        authority = try BinaryHTTPSections.text(reader.lengthPrefixed("authority"), "authority", allowed: BinaryHTTPSections.isVisible, mayBeEmpty: true)
        path = try BinaryHTTPSections.text(reader.lengthPrefixed("path"), "path", allowed: BinaryHTTPSections.isVisible)
        (headerFields, content) = try BinaryHTTPSections.readRest(&reader)
    }
}

/// A final response as Binary HTTP carries it, known-length form: the status, the
/// header fields and the content. Informational (1xx) responses before it are read and
/// dropped; none is ever sent.
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
        var bytes: [UInt8] = [1]
        bytes.appendVarint(UInt64(max(0, status)))
        BinaryHTTPSections.append(headers: headerFields, content: content, to: &bytes)
        return BinaryHTTPSections.padded(bytes, to: paddedLength)
    }

    /// The message's bytes padded to its bucket (`MessagePadding`), encoded once.
    public func paddedEncoding() -> [UInt8] {
        BinaryHTTPSections.paddedToBucket(encoded())
    }

    public init(decoding bytes: [UInt8]) throws(ObliviousHTTPError) {
        var reader = ByteReader(bytes)
        guard try reader.varint("framing indicator") == 1 else { throw .malformed("not a known-length response") }
        var code = try reader.varint("status")
        while (100...199).contains(code) {
            _ = try BinaryHTTPSections.fields(reader.lengthPrefixed("informational fields"))
            code = try reader.varint("status")
        }
        guard (200...599).contains(code) else { throw .malformed("status \(code) is not a final status") }
        status = Int(code)
        (headerFields, content) = try BinaryHTTPSections.readRest(&reader)
    }
}

/// What requests and responses share after their control data: the field sections, the
/// content, truncation and padding.
enum BinaryHTTPSections {
    static func append(headers: [BinaryHTTPField], content: [UInt8], to bytes: inout [UInt8]) {
        // Trailers are never sent, so the message may end after the content, after the
        // header section when there is no content, or after the control data.
        guard !headers.isEmpty || !content.isEmpty else { return }
        var section: [UInt8] = []
        for field in headers {
            section.appendLengthPrefixed(Array(field.name.utf8))
            section.appendLengthPrefixed(Array(field.value.utf8))
        }
        bytes.appendLengthPrefixed(section)
        if !content.isEmpty { bytes.appendLengthPrefixed(content) }
    }

    static func paddedToBucket(_ bytes: [UInt8]) -> [UInt8] {
        padded(bytes, to: MessagePadding.paddedLength(for: bytes.count))
    }

    static func padded(_ bytes: [UInt8], to length: Int) -> [UInt8] {
        length > bytes.count ? bytes + [UInt8](repeating: 0, count: length - bytes.count) : bytes
    }

    /// The header section, content and trailer section, each possibly truncated away,
    /// then padding, which must be zeros.
    static func readRest(_ reader: inout ByteReader) throws(ObliviousHTTPError) -> ([BinaryHTTPField], [UInt8]) {
        guard !reader.isAtEnd else { return ([], []) }
        let headers = try fields(reader.lengthPrefixed("header section"))
        guard !reader.isAtEnd else { return (headers, []) }
        let content = Array(try reader.lengthPrefixed("content"))
        guard !reader.isAtEnd else { return (headers, content) }
        _ = try fields(reader.lengthPrefixed("trailer section"))
        guard reader.rest().allSatisfy({ $0 == 0 }) else { throw .malformed("padding that is not zeros") }
        return (headers, content)
    }

    static func fields(_ section: ArraySlice<UInt8>) throws(ObliviousHTTPError) -> [BinaryHTTPField] {
        var reader = ByteReader(Array(section))
        var fields: [BinaryHTTPField] = []
        while !reader.isAtEnd {
            let name = try text(reader.lengthPrefixed("field name"), "field name", allowed: isTokenCharacter)
            let value = try text(reader.lengthPrefixed("field value"), "field value", allowed: isFieldValueCharacter, mayBeEmpty: true)
            fields.append(BinaryHTTPField(name: name, value: value))
        }
        return fields
    }

    /// The bytes as text when every one is `allowed`: a CR, LF or NUL never reaches a
    /// header of the server or client that reads the message.
    static func text(_ bytes: ArraySlice<UInt8>, _ what: String, allowed: (UInt8) -> Bool, mayBeEmpty: Bool = false) throws(ObliviousHTTPError) -> String {
        guard mayBeEmpty || !bytes.isEmpty else { throw .malformed("empty \(what)") }
        guard bytes.allSatisfy(allowed) else { throw .malformed("a character a \(what) may not hold") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 9110's `tchar`.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isTokenCharacter(byte) && byte != UInt8(ascii: "!") && byte != UInt8(ascii: "*")
    }

    static func isVisible(_ byte: UInt8) -> Bool { (0x21...0x7e).contains(byte) }

    static func isFieldValueCharacter(_ byte: UInt8) -> Bool { (0x20...0x7e).contains(byte) || byte == 0x09 }
}
