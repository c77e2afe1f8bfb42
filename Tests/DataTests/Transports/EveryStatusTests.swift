@testable import Data
import Domain
import Foundation
import Infrastructure
import Synchronization
import TestSupport
import Testing

/// CLI.md, "A store that asks to wait or fails": whatever status a server puts on its
/// status line, 000 to 999, with a body or without, the client ends with a response or a typed error of the kind
/// the status means, on both adapters; it never crashes and never hangs.
///
/// AsyncHTTPClient 1.37.0 stops the process on a status below 100 with a body (see
/// `StatusLineGuard`): without the guard this suite does not fail, it kills the runner.
@Suite("Every status line, 000 to 999", .timeLimit(.minutes(2)), .onItsOwnThread)
struct EveryStatusTests {
    /// Picks the order and the bodies; printed so a failure can be replayed.
    private static let seed: UInt64 = 20_261_123

    /// One answer: a status line, then a body or none, then the connection closes.
    struct Case: Sendable, CustomStringConvertible {
        let status: Int
        let body: [UInt8]?

        var description: String { "status \(status) \(body.map { "with \($0.count) body bytes" } ?? "without a body")" }

        var bytes: [UInt8] { LoopbackHTTPServer.statusLine(status, body: body) }
    }

    /// The domain error a status means at a read, or nil for an answer that may be used.
    static func expected(for status: Int) -> StoreError? {
        switch status {
        case 200...299: nil
        case 401: .sessionExpired
        case 404: .notFound
        case 413: .requestTooLarge
        case 429: .rateLimited(retryAfter: nil)
        case 502, 503, 504: .offline
        case 500...599: .storeFailed(Diagnostic(String(status), theirWords: "x"))
        case 400...499: .unexpected(Diagnostic("HTTP \(status)", theirWords: "x"))
        default: .unusableResponse(Diagnostic(""))
        }
    }

    /// Same kind of error; the details differ by adapter, and by whether a body came.
    static func sameKind(_ error: StoreError, _ expected: StoreError) -> Bool {
        switch (error, expected) {
        case (.unusableResponse, .unusableResponse), (.unexpected, .unexpected): true
        case (.storeFailed(let a), .storeFailed(let b)): a.summary == b.summary
        default: error == expected
        }
    }

    static func cases() -> [Case] {
        var random = SplitMix64(seed: seed)
        let bodies: [[UInt8]] = [Array(#"{"message":"x"}"#.utf8), Array("hello".utf8), [0x00, 0xFF, 0x0A, 0x0D]]
        var cases: [Case] = []
        for status in 0...999 {
            cases.append(Case(status: status, body: nil))
            cases.append(Case(status: status, body: bodies.randomElement(using: &random)))
        }
        // Shuffled, so no status is only ever met right after its neighbour.
        cases.shuffle(using: &random)
        return cases
    }

    @Test("each status, with and without a body, ends as a typed outcome of its meaning", arguments: TransportAdapter.allCases)
    func everyStatus(adapter: TransportAdapter) async throws {
        let cases = Self.cases()
        let next = Mutex(0)
        let server = try LoopbackHTTPServer { _ in
            let index = next.withLock { index in
                defer { index += 1 }
                return index
            }
            return .raw(cases[index].bytes)
        }
        defer { server.stop() }

        var mismatches: [String] = []
        var curlsEmptyReplies: [String] = []
        let configuration = TransportConfiguration(baseURL: server.baseURL, idleTimeout: .seconds(2), deadline: .seconds(3))
        try await adapter.withTransport(configuration) { transport in
            // No one signed in, so the client keeps nothing: every answer is judged afresh.
            let client = StoreClient(
                chain: InterceptedTransport(interceptors: [], transport: transport), cache: FakeResponseCache(), sessions: FakeSessionStore(), clock: FakeWallClock(), cacheNamespace: "http://test"
            )
            for answer in cases {
                let outcome: StoreError?
                do throws(StoreError) {
                    _ = try await client.send(Self.anyJSON, kind: .authenticated)
                    outcome = nil
                } catch {
                    outcome = error
                }
                let expected = Self.expected(for: answer.status)
                let matches = switch (outcome, expected) {
                case (nil, nil): true
                case (let error?, let expected?): Self.sameKind(error, expected)
                // A 2xx whose body is not JSON is refused as unusable, which is right too.
                case (let error?, nil): Self.sameKind(error, .unusableResponse(Diagnostic("")))
                case (nil, _?): false
                }
                if !matches, adapter == .urlSession, (100...199).contains(answer.status), outcome == .offline {
                    curlsEmptyReplies.append("\(answer)")
                } else if !matches {
                    mismatches.append("\(answer): \(outcome.map { "\($0)" } ?? "used") (expected \(expected.map { "\($0)" } ?? "used"))")
                }
            }
        }
        #expect(mismatches.isEmpty, "seed \(Self.seed), \(mismatches.count) of \(cases.count): \(mismatches.prefix(20))")
        if adapter == .urlSession {
            // libcurl reports an informational head then a close as "Empty reply from
            // server", the words it has for a server that closed without answering; the
            // adapter cannot tell the two apart and takes the safe one (unreachable, 69).
            // (Bytes after the head that cannot start a new one read the same.) Only 1xx
            // cases; if libcurl ever tells them apart, this known issue stops being
            // recorded and the test fails, to be tightened.
            withKnownIssue("libcurl: a 1xx head then a close reads as an empty reply (ExchangeRegistry)") {
                #expect(curlsEmptyReplies.count == 0, "\(curlsEmptyReplies.count) informational heads read as no reply")
            }
        }
    }
}

extension EveryStatusTests {
    /// `GET /auth/me` read as any JSON value: the suite asks only whether an answer
    /// could be used at all.
    private static let anyJSON = StoreEndpoints.Call(request: StoreEndpoints.currentUser.request, requiresAuthentication: true) { (body: IgnoredBody) in body }
}

/// Any JSON value: the suite asks only whether an answer could be used at all.
private struct IgnoredBody: Decodable {
    init(from decoder: any Decoder) throws {
        _ = try decoder.singleValueContainer()
    }
}
