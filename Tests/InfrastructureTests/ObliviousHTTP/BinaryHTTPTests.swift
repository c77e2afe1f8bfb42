@testable import Infrastructure
import Testing

/// Binary HTTP (RFC 9292): what is written (known-length), what is read back, and what is
/// refused, in either form. RFC 9292's own examples are in `RFC9292ExampleTests`.
@Suite("Binary HTTP (RFC 9292)", .timeLimit(.minutes(1)))
struct BinaryHTTPTests {
    static let login = BinaryHTTPRequest(
        method: "POST", scheme: "http", authority: "127.0.0.1:8080", path: "/auth/login",
        headerFields: [.init(name: "Content-Type", value: "application/json"), .init(name: "accept", value: "application/json")],
        content: Array(#"{"username":"emilys","password":"emilyspass"}"#.utf8)
    )

    @Test("a request and a response read back as they were written, padded or not")
    func roundTrips() throws {
        for padding in [0, 512, 4_096] {
            #expect(try BinaryHTTPRequest(decoding: Self.login.encoded(paddedLength: padding)) == Self.login)
            let response = BinaryHTTPResponse(status: 404, headerFields: [.init(name: "etag", value: #""v1""#)], content: [1, 2, 3])
            #expect(try BinaryHTTPResponse(decoding: response.encoded(paddedLength: padding)) == response)
        }
        #expect(Self.login.encoded(paddedLength: 512).count == 512)
        #expect(Self.login.headerFields.first?.name == "content-type", "names are written lowercase")
    }

    @Test("a response with informational responses before it reads as its final one")
    func informational() throws {
        // Section 5.2's example, built from its layout: a 102, a 103 with a Link field,
        // then the final 200 with its body.
        var built: [UInt8] = [1]
        built.appendVarint(102)
        built.appendLengthPrefixed([])
        built.appendVarint(103)
        var link: [UInt8] = []
        link.appendLengthPrefixed(Array("link".utf8))
        link.appendLengthPrefixed(Array("</style.css>; rel=preload; as=style".utf8))
        built.appendLengthPrefixed(link)
        built.appendVarint(200)
        built.appendLengthPrefixed([])
        built.appendLengthPrefixed(Array("Hello".utf8))
        #expect(try BinaryHTTPResponse(decoding: built) == BinaryHTTPResponse(status: 200, content: Array("Hello".utf8)))
    }

    @Test("hostile bytes are refused with what is wrong, never read past their end", arguments: [
        ([], "ends"), ([4], "not a request"), ([0, 3, 0x47, 0x45], "ends"), ([2, 3, 0x47, 0x45], "ends"),
        ([0, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], "ends"),
        ([0, 3, 0x47, 0x45, 0x54, 0, 0, 1, 0x2f], "empty scheme"),
        ([0, 1, 0x0a, 4, 0x68, 0x74, 0x74, 0x70, 0, 1, 0x2f], "character"),
        ([1, 0x40, 0x63], "final status"), ([1, 0x42, 0x58], "final status"),
        ([1, 0x40, 0xc8, 0, 0, 0, 0, 7], "padding"),
        ([1, 0x40, 0xc8, 4, 1, 0x61, 1, 0x0d], "character"),
        // Indeterminate-length: a header section with no zero to end it, a chunk with no
        // zero-length chunk after it, and padding that is not zeros.
        ([2, 3, 0x47, 0x45, 0x54, 4, 0x68, 0x74, 0x74, 0x70, 0, 1, 0x2f, 1, 0x61, 0], "ends"),
        ([3, 0x40, 0xc8, 0, 1, 0x61], "ends"), ([3, 0x40, 0xc8, 0, 0, 0, 0, 7], "padding"),
        ([3, 0x40, 0xc8, 0x7f, 0xff], "ends"), ([3, 0x40, 0x66, 0], "ends"), ([3, 0x42, 0x58], "final status"),
    ] as [([UInt8], String)])
    func refusals(bytes: [UInt8], reason: String) {
        do {
            if bytes.first == 1 || bytes.first == 3 {
                _ = try BinaryHTTPResponse(decoding: bytes)
            } else {
                _ = try BinaryHTTPRequest(decoding: bytes)
            }
            Issue.record("\(bytes) was read")
        } catch {
            #expect(error.description.contains(reason), "\(bytes): \(error)")
        }
    }

    /// RFC 9292 section 3.6 refuses a value where HTTP/2 would (RFC 9113 section 8.2.1);
    /// RFC 9110 section 5.5 lets a value hold obs-text, as a peer may send.
    @Test("a field value is refused only for a NUL, CR or LF, or whitespace at an end; any other byte is kept as it came", arguments: [
        ([0x61, 0x00, 0x62], false), ([0x61, 0x0d, 0x62], false), ([0x61, 0x0a, 0x62], false),
        ([0x20, 0x61], false), ([0x61, 0x09], false), ([0x20], false),
        ([0x63, 0x61, 0x66, 0xc3, 0xa9], true), ([0x63, 0x61, 0x66, 0xe9], true), ([0x80, 0xff], true),
        ([0x61, 0x20, 0x62], true), ([0x61, 0x09, 0x62], true), ([], true), ([0x7f], true),
    ] as [([UInt8], Bool)])
    func fieldValues(value: [UInt8], accepted: Bool) {
        var section: [UInt8] = []
        section.appendLengthPrefixed(Array("x-value".utf8))
        section.appendLengthPrefixed(value)
        var known: [UInt8] = [1, 0x40, 0xc8]
        known.appendLengthPrefixed(section)
        let indeterminate: [UInt8] = [3, 0x40, 0xc8] + section + [0]
        for bytes in [known, indeterminate] {
            let response = try? BinaryHTTPResponse(decoding: bytes)
            #expect(response?.headerFields.first?.valueBytes == (accepted ? value : nil), "\(value), framing \(bytes[0])")
            #expect(response.map { $0.encoded() == known } ?? true, "written again as it came")
        }
    }

    @Test("varints take the shortest form, and any form is read", arguments: [
        (UInt64(0), [0x00] as [UInt8]), (63, [0x3f]), (64, [0x40, 0x40]), (16_383, [0x7f, 0xff]),
        (16_384, [0x80, 0x00, 0x40, 0x00]), (1_073_741_824, [0xc0, 0, 0, 0, 0x40, 0, 0, 0]),
    ] as [(UInt64, [UInt8])])
    func varints(value: UInt64, bytes: [UInt8]) throws {
        var written: [UInt8] = []
        written.appendVarint(value)
        #expect(written == bytes)
        var reader = ByteReader(bytes)
        #expect(try reader.varint("value") == value)
        var longForm = ByteReader([0x40, UInt8(truncatingIfNeeded: value & 0x3f)])
        if value < 64 { #expect(try longForm.varint("value") == value) }
    }

    @Test("padding: one 512-byte bucket below 8 KiB, Padmé above", arguments: [
        (0, 512), (1, 512), (193, 512), (201, 512), (512, 512), (513, 1_024), (8_191, 8_192),
        (8_192, 8_192), (8_193, 8_704), (100_000, 100_352), (1_000_000, 1_015_808),
    ])
    func padding(length: Int, padded: Int) {
        #expect(MessagePadding.paddedLength(for: length) == padded)
        #expect(padded >= length && (length < 8_192 || Double(padded - length) / Double(length) < 0.12))
    }
}
