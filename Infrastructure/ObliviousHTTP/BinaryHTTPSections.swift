/// What requests and responses share after their control data: the field sections, the
/// content, truncation and padding (RFC 9292 sections 3.1, 3.2, 3.6 and 3.8).
enum BinaryHTTPSections {
    /// How the sections are framed, as the message's framing indicator says.
    enum Form {
        /// Section 3.1: each field section and the content after its length.
        case knownLength
        /// Section 3.2: field lines up to a zero where a name's length would be, and the
        /// content in chunks, each after its length, up to a chunk of length zero.
        case indeterminateLength
    }

    /// The known-length sections, the only form written.
    static func append(headers: [BinaryHTTPField], content: [UInt8], to bytes: inout [UInt8]) {
        // Trailers are never sent, so the message may end after the content, after the
        // header section when there is no content, or after the control data.
        guard !headers.isEmpty || !content.isEmpty else { return }
        var section: [UInt8] = []
        for field in headers {
            section.appendLengthPrefixed(Array(field.name.utf8))
            section.appendLengthPrefixed(field.valueBytes)
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

    /// The header section, content and trailer section, each of which may be truncated
    /// away with all after it, then padding, which must be zeros. Trailers are read, so
    /// a malformed one is refused, and dropped.
    static func readRest(_ reader: inout ByteReader, _ form: Form) throws(ObliviousHTTPError) -> ([BinaryHTTPField], [UInt8]) {
        guard !reader.isAtEnd else { return ([], []) }
        let headers = try fieldSection(&reader, form, "header section")
        guard !reader.isAtEnd else { return (headers, []) }
        let content = try content(&reader, form)
        guard !reader.isAtEnd else { return (headers, content) }
        _ = try fieldSection(&reader, form, "trailer section")
        guard reader.rest().allSatisfy({ $0 == 0 }) else { throw .malformed("padding that is not zeros") }
        return (headers, content)
    }

    static func fieldSection(_ reader: inout ByteReader, _ form: Form, _ what: String) throws(ObliviousHTTPError) -> [BinaryHTTPField] {
        var fields: [BinaryHTTPField] = []
        switch form {
        case .knownLength:
            var section = ByteReader(Array(try reader.lengthPrefixed(what)))
            while !section.isAtEnd {
                let name = try section.lengthPrefixed("field name")
                fields.append(try field(name: name, value: section.lengthPrefixed("field value")))
            }
        case .indeterminateLength:
            // A name is never empty, so a zero where its length would be ends the section.
            var nameLength = try reader.varint(what)
            while nameLength > 0 {
                let name = try reader.take(length: nameLength, "field name")
                fields.append(try field(name: name, value: reader.lengthPrefixed("field value")))
                nameLength = try reader.varint(what)
            }
        }
        return fields
    }

    static func content(_ reader: inout ByteReader, _ form: Form) throws(ObliviousHTTPError) -> [UInt8] {
        switch form {
        case .knownLength:
            return Array(try reader.lengthPrefixed("content"))
        case .indeterminateLength:
            var content: [UInt8] = []
            var chunkLength = try reader.varint("content")
            while chunkLength > 0 {
                content += try reader.take(length: chunkLength, "content")
                chunkLength = try reader.varint("content")
            }
            return content
        }
    }

    /// A field line, refused where section 3.6 makes it invalid: a name of other than
    /// RFC 9110's token characters, or a value HTTP/2 would call malformed (RFC 9113
    /// section 8.2.1): one holding NUL, CR or LF, or starting or ending with a space or
    /// a tab. Any other byte is a value's to hold, obs-text (0x80 to 0xff) included
    /// (RFC 9110 section 5.5).
    static func field(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) throws(ObliviousHTTPError) -> BinaryHTTPField {
        let name = try text(name, "field name", allowed: isTokenCharacter)
        guard !value.contains(where: { $0 == 0 || $0 == 0x0a || $0 == 0x0d }) else {
            throw .malformed("a character a field value may not hold (NUL, CR or LF)")
        }
        let isWhitespace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard !(value.first.map(isWhitespace) ?? false), !(value.last.map(isWhitespace) ?? false) else {
            throw .malformed("a field value that starts or ends with whitespace")
        }
        return BinaryHTTPField(name: name, valueBytes: value)
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
}
