import Foundation
@testable import Infrastructure
import TestSupport
import Testing

/// RFC 9292 section 5's example messages, byte for byte as its hex dumps print them
/// (figures 8, 9, 11 and 13): a request in each form, the indeterminate-length one
/// padded, and a response in each form. The gateway and the client read messages
/// through the same two initialisers, so each is read here once for both; the
/// gateway's and the client's own tests send them through a real exchange.
@Suite("Binary HTTP: RFC 9292's examples, in both forms", .timeLimit(.minutes(1)))
struct RFC9292ExampleTests {
    static let knownLengthRequest = """
        0003474554056874747073000a2f68656c6c6f2e747874406c0a757365722d61\
        67656e74346375726c2f372e31362e33206c69626375726c2f372e31362e3320\
        4f70656e53534c2f302e392e376c207a6c69622f312e322e3304686f73740f77\
        77772e6578616d706c652e636f6d0f6163636570742d6c616e67756167650665\
        6e2c206d690000
        """
    static let indeterminateLengthRequest = """
        0203474554056874747073000a2f68656c6c6f2e7478740a757365722d616765\
        6e74346375726c2f372e31362e33206c69626375726c2f372e31362e33204f70\
        656e53534c2f302e392e376c207a6c69622f312e322e3304686f73740f777777\
        2e6578616d706c652e636f6d0f6163636570742d6c616e677561676506656e2c\
        206d6900000000000000000000000000
        """
    static let indeterminateLengthResponse = """
        0340660772756e6e696e670a22736c65657020313522004067046c696e6b233c\
        2f7374796c652e6373733e3b2072656c3d7072656c6f61643b2061733d737479\
        6c65046c696e6b243c2f7363726970742e6a733e3b2072656c3d7072656c6f61\
        643b2061733d7363726970740040c804646174651d4d6f6e2c203237204a756c\
        20323030392031323a32383a353320474d540673657276657206417061636865\
        0d6c6173742d6d6f6469666965641d5765642c203232204a756c203230303920\
        31393a31353a353620474d5404657461671422333461613338372d642d313536\
        3865623030220d6163636570742d72616e6765730562797465730e636f6e7465\
        6e742d6c656e67746802353104766172790f4163636570742d456e636f64696e\
        670c636f6e74656e742d747970650a746578742f706c61696e003348656c6c6f\
        20576f726c6421204d7920636f6e74656e7420696e636c756465732061207472\
        61696c696e672043524c462e0d0a0000
        """
    static let knownLengthResponse = """
        0140c8001d5468697320636f6e74656e7420636f6e7461696e732043524c462e\
        0d0a0d07747261696c65720474657874
        """

    /// Figure 7, the request both forms carry: `Host` is a field, and `:authority` empty.
    static let request = BinaryHTTPRequest(method: "GET", scheme: "https", authority: "", path: "/hello.txt", headerFields: [
        .init(name: "user-agent", value: "curl/7.16.3 libcurl/7.16.3 OpenSSL/0.9.7l zlib/1.2.3"),
        .init(name: "host", value: "www.example.com"),
        .init(name: "accept-language", value: "en, mi"),
    ])

    /// Figure 10's final response; its 102 and 103 are read and dropped.
    static let response = BinaryHTTPResponse(status: 200, headerFields: [
        .init(name: "date", value: "Mon, 27 Jul 2009 12:28:53 GMT"),
        .init(name: "server", value: "Apache"),
        .init(name: "last-modified", value: "Wed, 22 Jul 2009 19:15:56 GMT"),
        .init(name: "etag", value: #""34aa387-d-1568eb00""#),
        .init(name: "accept-ranges", value: "bytes"),
        .init(name: "content-length", value: "51"),
        .init(name: "vary", value: "Accept-Encoding"),
        .init(name: "content-type", value: "text/plain"),
    ], content: Array("Hello World! My content includes a trailing CRLF.\r\n".utf8))

    /// Figure 12's chunked response: its chunks as one content, its trailer dropped.
    static let chunkedResponse = BinaryHTTPResponse(status: 200, content: Array("This content contains CRLF.\r\n".utf8))

    @Test("both forms of the request read as figure 7's request")
    func requests() throws {
        #expect(try BinaryHTTPRequest(decoding: hex(Self.knownLengthRequest)) == Self.request)
        #expect(try BinaryHTTPRequest(decoding: hex(Self.indeterminateLengthRequest)) == Self.request)
    }

    @Test("both forms of a response read as their final response")
    func responses() throws {
        #expect(try BinaryHTTPResponse(decoding: hex(Self.indeterminateLengthResponse)) == Self.response)
        #expect(try BinaryHTTPResponse(decoding: hex(Self.knownLengthResponse)) == Self.chunkedResponse)
    }

    @Test("the known-length request is written as figure 8, but for its two empty sections, truncated away")
    func writtenKnownLength() {
        #expect(Self.request.encoded() == Array(hex(Self.knownLengthRequest).dropLast(2)))
    }

    /// Section 5.1: the known-length request's last two bytes, and the
    /// indeterminate-length one's last 12 (10 of padding), may be removed; one more cuts
    /// into its header section.
    @Test("truncated as section 5.1 allows, each request reads the same; one byte more is refused", arguments: [
        (knownLengthRequest, 2), (indeterminateLengthRequest, 12),
    ])
    func truncated(bytes: String, removable: Int) throws {
        for removed in 0...removable {
            #expect(try BinaryHTTPRequest(decoding: Array(hex(bytes).dropLast(removed))) == Self.request, "\(removed) removed")
        }
        #expect(throws: ObliviousHTTPError.truncated("header section")) {
            try BinaryHTTPRequest(decoding: Array(hex(bytes).dropLast(removable + 1)))
        }
    }

    @Test("a request is not read as a response, nor a response as a request")
    func framing() {
        #expect(throws: ObliviousHTTPError.malformed("not a response")) { try BinaryHTTPResponse(decoding: hex(Self.indeterminateLengthRequest)) }
        #expect(throws: ObliviousHTTPError.malformed("not a request")) { try BinaryHTTPRequest(decoding: hex(Self.indeterminateLengthResponse)) }
    }

    /// docs/vectors/ holds the same messages for other implementations and for the
    /// gateway's and the client's tests, and the Binary HTTP fuzz target starts from them.
    @Test("docs/vectors/binary-http-rfc9292.json and the fuzz seeds hold these very bytes", arguments: [
        (8, knownLengthRequest, "rfc9292-known-length-request"), (9, indeterminateLengthRequest, "rfc9292-indeterminate-length-request"),
        (11, indeterminateLengthResponse, "rfc9292-indeterminate-length-response"), (13, knownLengthResponse, "rfc9292-known-length-response"),
    ])
    func copies(figure: Int, bytes: String, seed: String) throws {
        #expect(try BinaryHTTPVectors.message(figure: figure) == hex(bytes))
        let file = RepositoryFolder.root.appendingPathComponent("Fuzz/Corpus/BinaryHTTP/\(seed).bin")
        #expect(try Array(Data(contentsOf: file)) == hex(bytes))
    }
}

private func hex(_ text: String) -> [UInt8] { Hex.bytes(text) ?? [] }
