@testable import Data
import Foundation
import HTTPTypes
import Synchronization
import TestSupport
import Testing

/// CLI.md, "A store that asks to wait or fails": a GET answered 429, or 503 with
/// `Retry-After`, waits the announced time once when it is at most 5 s, then asks again; longer, absent on a
/// 429, or refused again goes back to the caller. A POST is never repeated.
@Suite("Asked to wait", .timeLimit(.minutes(1)))
struct AskedToWaitTests {
    let get = HTTPRequest.origin(.get, "/auth/products/search?q=phone")

    private func busy(_ status: Int, retryAfter: String?) -> StubResponse {
        var response = StubResponse.json(status, #"{"message":"request limit exceeded, please wait a few seconds"}"#)
        response.headers["Retry-After"] = retryAfter
        return response
    }

    private func chain(_ transport: SpyTransport, sleeper: SpySleeper, announced: AnnouncedWaits = AnnouncedWaits()) -> InterceptedTransport {
        let retry = RetryInterceptor(sleeper: sleeper, clock: FakeWallClock(), jitter: { 0 }, announceWait: announced.record)
        return InterceptedTransport(interceptors: [retry], transport: transport)
    }

    @Test("a 429 or 503 asking for at most 5 s is waited out once, announced, then asked again", arguments: [
        (429, "3"), (503, "5"), (429, "0"),
    ])
    func waitsOnce(status: Int, retryAfter: String) async throws {
        let transport = SpyTransport { _, index in index == 0 ? busy(status, retryAfter: retryAfter) : .json(200, "{}") }
        let sleeper = SpySleeper()
        let announced = AnnouncedWaits()

        let context = ExchangeContext()
        let answer = try await chain(transport, sleeper: sleeper, announced: announced).send(get, context: context)
        let response = answer.response

        let asked = Duration.seconds(Int(retryAfter) ?? -1)
        #expect(response.status == 200)
        #expect(answer.attempt == 2)
        #expect(await sleeper.waits == [asked])
        #expect(announced.waits == [asked])
    }

    @Test("asked again after waiting once: the second answer goes back to the caller")
    func waitsOnlyOnce() async throws {
        let transport = SpyTransport { _, _ in busy(429, retryAfter: "1") }
        let sleeper = SpySleeper()

        let answer = try await chain(transport, sleeper: sleeper).send(get)
        let response = answer.response

        #expect(response.status == 429)
        #expect(await transport.requests.count == 2)
        #expect(await sleeper.waits == [.seconds(1)])
    }

    @Test("longer than 5 s, or a 429 that does not say: not waited, not repeated", arguments: [
        (429, "10" as String?), (429, nil), (429, "soon"), (503, "6"),
    ])
    func notWaited(status: Int, retryAfter: String?) async throws {
        let transport = SpyTransport { _, _ in busy(status, retryAfter: retryAfter) }
        let sleeper = SpySleeper()

        let answer = try await chain(transport, sleeper: sleeper).send(get)
        let response = answer.response

        #expect(response.status.code == status)
        #expect(await transport.requests.count == 1)
        #expect(await sleeper.waits.isEmpty)
    }

    @Test("a 503 without Retry-After is an outage: backoff, three tries in all")
    func plainOutage() async throws {
        let transport = SpyTransport { _, _ in busy(503, retryAfter: nil) }
        let sleeper = SpySleeper()

        let answer = try await chain(transport, sleeper: sleeper).send(get)
        let response = answer.response

        #expect(response.status == 503)
        #expect(await transport.requests.count == 3)
        #expect(await sleeper.waits == [.milliseconds(50), .milliseconds(100)])
    }

    @Test("a POST answered 429 is never repeated and never waits")
    func postNeverRepeated() async throws {
        let transport = SpyTransport { _, _ in busy(429, retryAfter: "1") }
        let sleeper = SpySleeper()
        let login = HTTPRequest.origin(.post, "/auth/login")

        let answer = try await chain(transport, sleeper: sleeper).send(login, body: Array("{}".utf8))
        let response = answer.response

        #expect(response.status == 429)
        #expect(await transport.requests.count == 1)
        #expect(await sleeper.waits.isEmpty)
    }
}

/// Records each wait the retry interceptor announced.
final class AnnouncedWaits: Sendable {
    private let recorded = Mutex<[Duration]>([])

    var waits: [Duration] { recorded.withLock { $0 } }

    var record: @Sendable (Duration) -> Void {
        { [self] wait in recorded.withLock { $0.append(wait) } }
    }
}
