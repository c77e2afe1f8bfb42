import Data
import Foundation
import HTTPTypes
import Infrastructure
import Synchronization
import TestSupport
import Testing

/// A seeded, bounded fuzz of the default transport: a well-formed answer, mangled the
/// ways a dying or hostile server mangles one (cut short, bytes flipped, garbage
/// inserted, a lying Content-Length, broken chunking), 2,000 times. Every exchange must
/// end, by the deadline at the latest, in a response or a typed error: never a crash,
/// never a hang. (FoundationNetworking traps on some of these: see the contract suite.)
@Suite("AsyncHTTPClient under 2,000 mangled answers", .timeLimit(.minutes(2)), .onItsOwnThread)
struct MangledAnswerTests {
    private static let count = 2_000
    private static let seed: UInt64 = 20_261_122

    private static let wellFormed = Array((
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 27\r\n"
            + "X-IV: AAAAAAAAAAAAAAAA\r\nConnection: close\r\n\r\n"
            + #"{"products":[],"total":0} "#
    ).utf8)

    @Test("each mangled answer ends in a response or a typed error")
    func mangledAnswers() async throws {
        var random = SplitMix64(seed: Self.seed)
        let answers = (0..<Self.count).map { _ in Self.mangle(Self.wellFormed, using: &random) }
        let next = Mutex(0)
        let server = try LoopbackHTTPServer { _ in
            let index = next.withLock { index in
                defer { index += 1 }
                return index
            }
            return .raw(answers[index % answers.count])
        }
        defer { server.stop() }

        var responses = 0
        var errors: [String: Int] = [:]
        let configuration = TransportConfiguration(baseURL: server.baseURL, idleTimeout: .seconds(1), deadline: .seconds(2))
        try await TransportAdapter.asyncHTTPClient.withTransport(configuration) { transport in
            for _ in 0..<Self.count {
                do throws(TransportError) {
                    _ = try await transport.send(HTTPRequest.origin(.get, "/auth/me"), body: nil)
                    responses += 1
                } catch {
                    errors[Self.kind(of: error), default: 0] += 1
                }
            }
        }

        #expect(responses + errors.values.reduce(0, +) == Self.count)
        // Not vacuous: the mangling left some answers usable and broke others.
        #expect(responses > 0, "\(errors)")
        #expect(errors["unreachable", default: 0] > 0, "\(errors)")
        #expect(errors["malformed", default: 0] > 0, "\(errors)")
        #expect(errors["cancelled", default: 0] == 0, "\(errors)")
    }

    private static func kind(of error: TransportError) -> String {
        switch error {
        case .unreachable, .cannotConnect: "unreachable"
        case .malformedResponse: "malformed"
        case .deadlineExceeded: "deadline"
        case .responseTooLarge: "too large"
        case .redirected: "redirected"
        case .cancelled: "cancelled"
        default: "other"
        }
    }

    /// One or two of the ways a real answer goes wrong on the wire.
    private static func mangle(_ answer: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = answer
        for _ in 0..<Int.random(in: 1...2, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: // cut short anywhere: status line, headers or body
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            case 1: // a flipped byte
                guard !bytes.isEmpty else { continue }
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            case 2: // garbage inserted, control bytes and non-UTF-8 included
                let garbage = (0..<Int.random(in: 1...16, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                bytes.insert(contentsOf: garbage, at: Int.random(in: 0...bytes.count, using: &random))
            case 3: // a Content-Length that lies
                bytes = replacing("Content-Length: 27", with: "Content-Length: \(Int.random(in: 0...100_000, using: &random))", in: bytes)
            case 4: // chunked framing that does not add up
                bytes = replacing("Content-Length: 27", with: "Transfer-Encoding: chunked", in: bytes)
            default: // a status that is not one
                bytes = replacing("200 OK", with: String(Int.random(in: 0...999, using: &random)) + " ?", in: bytes)
            }
        }
        return bytes
    }

    private static func replacing(_ old: String, with new: String, in bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return bytes } // already mangled past text
        return Array(text.replacingOccurrences(of: old, with: new).utf8)
    }
}
