@testable import Data
import Foundation
import HTTPTypes
import Infrastructure
import TestSupport
import Testing

/// The Oblivious HTTP interceptor reading the Binary HTTP inside a sealed answer as other
/// gateways write it: either form of RFC 9292, and what its section 3.6 lets a field
/// value hold. When the answer opens but what is inside is refused, the error names that
/// step, not the decryption.
@Suite("The Oblivious HTTP interceptor: the Binary HTTP inside an answer", .timeLimit(.minutes(1)))
struct SealedBinaryHTTPTests {
    let me = HTTPRequest.origin(.get, "/auth/me")
    var context: ExchangeContext { ExchangeContext() }

    /// The interceptor sealing to `gateway`'s key, over a transport that answers every
    /// request with `message`, sealed for it.
    func chain(_ gateway: GatewayStub, answering message: [UInt8]) -> InterceptedTransport {
        let transport = SpyTransport { recorded, _ in gateway.answer(recorded, binaryHTTP: message) }
        return InterceptedTransport(interceptors: [gateway.interceptor()], transport: transport)
    }

    @Test("RFC 9292's responses, indeterminate-length and known-length, are read as their final 200 and its content", arguments: [
        (11, "Hello World! My content includes a trailing CRLF.\r\n", "text/plain"), (13, "This content contains CRLF.\r\n", nil),
    ] as [(Int, String, String?)])
    func rfc9292Responses(figure: Int, content: String, contentType: String?) async throws {
        let gateway = try GatewayStub()
        let message = try #require(try BinaryHTTPVectors.message(figure: figure))
        let answer = try await chain(gateway, answering: message).send(me, context: context)
        #expect(answer.response.status == .ok)
        #expect(answer.response.headerFields[.contentType] == contentType)
        #expect(String(decoding: answer.body, as: UTF8.self) == content)
    }

    @Test("a field value with obs-text is the answer's, byte for byte, as RFC 9110 section 5.5 allows")
    func obsText() async throws {
        let gateway = try GatewayStub()
        // Known-length 200, one field: x-name: "caf" and Latin-1's é.
        let message: [UInt8] = [1, 0x40, 0xc8, 0x0f, 6] + Array("x-name".utf8) + [7] + Array("caf".utf8) + [0xe9, 0x20, 0x21, 0x21]
        let answer = try await chain(gateway, answering: message).send(me, context: context)
        #expect(answer.response.status == .ok)
        let field = try #require(answer.response.headerFields.first { $0.name.rawName == "x-name" })
        #expect(field.withUnsafeBytesOfValue { Array($0) } == Array("caf".utf8) + [0xe9, 0x20, 0x21, 0x21])
    }

    @Test("an answer that opens to no Binary HTTP is refused, and the error names the Binary HTTP, not the decryption", arguments: [
        ([4], "the message is malformed: not a response"),
        ([1, 0x40, 0xc8, 4, 1, 0x61, 1, 0x0a], "the message is malformed: a character a field value may not hold (NUL, CR or LF)"),
        ([3, 0x40, 0xc8, 0, 1, 0x61], "the message ends inside its content"),
    ] as [([UInt8], String)])
    func malformedInside(message: [UInt8], reason: String) async throws {
        let gateway = try GatewayStub()
        let error = await #expect(throws: NetworkError.self) {
            _ = try await chain(gateway, answering: message).send(me, context: context)
        }
        #expect(error == .malformedSealedResponse(reason: reason))
        #expect(error?.summary == "encapsulated response opened, but the Binary HTTP inside was refused")
        #expect(NetworkError.unopenableResponse(reason: reason).summary == "encapsulated response did not open")
    }
}
