@testable import Data
import HTTPTypes
import TestSupport
import Testing

@Suite("RetryInterceptor", .timeLimit(.minutes(2)))
struct RetryInterceptorTests {
    let get = HTTPRequest.origin(.get, "/auth/products/search?q=phone")

    private func chain(_ transport: SpyTransport, sleeper: SpySleeper, jitter: Double = 0) -> InterceptedTransport {
        InterceptedTransport(interceptors: [RetryInterceptor(sleeper: sleeper, jitter: { jitter })], transport: transport)
    }

    @Test("retries a GET answered 502, 503 or 504 and reports the attempt that succeeded", arguments: [502, 503, 504])
    func retriesGatewayErrors(status: Int) async throws {
        let transport = SpyTransport { _, index in StubResponse(status: index < 2 ? status : 200) }
        let sleeper = SpySleeper()

        let context = ExchangeContext()
        let answer = try await chain(transport, sleeper: sleeper).send(get, context: context)
        let response = answer.response

        #expect(response.status == 200)
        #expect(answer.attempt == 3)
        #expect(await transport.requests.count == 3)
        // Exponential from 100 ms with equal jitter: jitter 0 waits half of 100 and 200 ms.
        #expect(await sleeper.waits == [.milliseconds(50), .milliseconds(100)])
    }

    @Test("the jitter spreads each wait over the upper half of its exponential delay")
    func jitterRange() {
        let high = RetryInterceptor(sleeper: SpySleeper(), jitter: { 0.999 })
        let low = RetryInterceptor(sleeper: SpySleeper(), jitter: { 0 })
        #expect(low.delay(before: 2) == .milliseconds(50))
        #expect(high.delay(before: 2) > .milliseconds(99) && high.delay(before: 2) < .milliseconds(100))
        #expect(low.delay(before: 3) == .milliseconds(100))
    }

    @Test("a refused connection or unknown host is not tried again: waiting opens no port")
    func cannotConnectIsFinal() async throws {
        let transport = SpyTransport(failing: .cannotConnect(reason: "connection refused"))
        let sleeper = SpySleeper()

        await #expect(throws: NetworkError.transport(.cannotConnect(reason: "connection refused"))) {
            _ = try await chain(transport, sleeper: sleeper).send(get)
        }
        #expect(await transport.requests.count == 1)
        #expect(await sleeper.waits.isEmpty)
    }

    @Test("stops after 3 attempts in all, when the backend keeps resetting")
    func givesUp() async throws {
        let transport = SpyTransport(failing: .unreachable(reason: "connection reset"))
        let sleeper = SpySleeper()

        await #expect(throws: NetworkError.transport(.unreachable(reason: "connection reset"))) {
            _ = try await chain(transport, sleeper: sleeper).send(get)
        }
        #expect(await transport.requests.count == 3)
        #expect(await sleeper.waits.count == 2)
    }

    @Test("gives back the last 503 after 3 attempts")
    func lastGatewayError() async throws {
        let transport = SpyTransport(always: StubResponse(status: 503))

        let context = ExchangeContext()
        let answer = try await chain(transport, sleeper: SpySleeper()).send(get, context: context)
        let response = answer.response

        #expect(response.status == 503)
        #expect(answer.attempt == 3)
    }

    @Test("never repeats a POST", arguments: [StubResponse(status: 503), StubResponse(status: 502)])
    func neverRetriesPost(response: StubResponse) async throws {
        let transport = SpyTransport(always: response)
        let post = HTTPRequest.origin(.post, "/auth/login")

        let failing = SpyTransport(failing: .unreachable(reason: "reset"))
        let sleeper = SpySleeper()

        _ = try await chain(transport, sleeper: sleeper).send(post, body: [1])
        await #expect(throws: NetworkError.transport(.unreachable(reason: "reset"))) {
            _ = try await chain(failing, sleeper: sleeper).send(post, body: [1])
        }

        #expect(await transport.requests.count == 1)
        #expect(await failing.requests.count == 1, "a reset POST was sent again")
        #expect(await sleeper.waits.isEmpty)
    }

    @Test("does not retry other statuses or other errors", arguments: [200, 400, 401, 404, 500])
    func noRetryOnOtherStatuses(status: Int) async throws {
        let transport = SpyTransport(always: StubResponse(status: status))
        _ = try await chain(transport, sleeper: SpySleeper()).send(get)
        #expect(await transport.requests.count == 1)

        let sealed = SpyTransport(failing: .malformedResponse(reason: "not HTTP"))
        await #expect(throws: NetworkError.self) {
            _ = try await chain(sealed, sleeper: SpySleeper()).send(get)
        }
        #expect(await sealed.requests.count == 1)
    }

    @Test("a cancellation during the backoff stops at once, with no further attempt")
    func cancellationStops() async throws {
        let transport = SpyTransport(always: StubResponse(status: 503))
        let sleeper = SpySleeper(cancels: true)

        await #expect(throws: NetworkError.transport(.cancelled)) {
            _ = try await chain(transport, sleeper: sleeper).send(get)
        }
        #expect(await transport.requests.count == 1)
    }

    @Test("a task cancelled before it starts sends nothing")
    func cancelledBeforeStart() async throws {
        let transport = SpyTransport(always: StubResponse(status: 200))
        let chain = chain(transport, sleeper: SpySleeper())
        let request = get
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await chain.send(request)
        }

        await #expect(throws: NetworkError.transport(.cancelled)) {
            _ = try await task.value
        }
        #expect(await transport.requests.isEmpty)
    }
}
