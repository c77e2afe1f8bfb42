import Data
import Foundation
import HTTPTypes
import TestSupport
import Testing

/// One contract for every adapter behind `HTTPTransport`, proved against a loopback
/// server that answers as a dying or hostile backend would. An adapter that cannot
/// meet a case because of its platform says so as a known issue naming the upstream
/// bug, so the case stays in the suite and shouts when the bug is fixed.
@Suite("Transport contract", .timeLimit(.minutes(2)))
struct TransportContractTests {
    private static let get = HTTPRequest.origin(.get, "/auth/me")

    @Test("sends method, target, headers and body; returns status, headers and body", arguments: TransportAdapter.allCases)
    func exchange(adapter: TransportAdapter) async throws {
        let server = try LoopbackHTTPServer { request in
            .respond(status: 201, headers: ["X-Echo": request.method, "Content-Type": "application/json"], body: request.body)
        }
        defer { server.stop() }
        // The query percent-encoded by the store's own rule, as StoreEndpoints sends it.
        let request = HTTPRequest.origin(
            .post, "/auth/products/search?q=red%20phone%2F%C3%A9",
            headers: [.contentType: "application/json", try #require(HTTPField.Name("X-IV")): "AAAAAAAAAAAAAAAA"]
        )

        let (response, body) = try await adapter.send(request, body: Array(#"{"a":1}"#.utf8), to: server.baseURL)

        #expect(response.status == 201)
        #expect(response.header("x-echo") == "POST")
        #expect(body == Array(#"{"a":1}"#.utf8))
        let received = try #require(server.requests.first)
        // The target arrives byte for byte as the payload layer authenticated it.
        #expect(received.target == "/auth/products/search?q=red%20phone%2F%C3%A9")
        #expect(received.headers["x-iv"] == "AAAAAAAAAAAAAAAA")
        // No compression is asked for, so the size cap counts what arrives.
        #expect(received.headers["accept-encoding"] == "identity")
    }

    @Test("a non-2xx answer is a response, not a transport error", arguments: TransportAdapter.allCases)
    func errorStatus(adapter: TransportAdapter) async throws {
        let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Array("busy".utf8)) }
        defer { server.stop() }

        let (response, body) = try await adapter.send(Self.get, to: server.baseURL)

        #expect(response.status == 503)
        #expect(body == Array("busy".utf8))
    }

    @Test("a refused connection 'cannot connect', at once", arguments: TransportAdapter.allCases)
    func refused(adapter: TransportAdapter) async throws {
        let closed = try RefusingPort()

        let error = await #expect(throws: TransportError.self) {
            _ = try await adapter.send(Self.get, to: closed.baseURL, deadline: .seconds(30))
        }
        #expect(error == .cannotConnect(reason: "connection refused"))
    }

    @Test("a server silent past the idle timeout is 'unreachable'", arguments: TransportAdapter.allCases)
    func idleTimeout(adapter: TransportAdapter) async throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }

        let error = await #expect(throws: TransportError.self) {
            _ = try await adapter.send(Self.get, to: server.baseURL, idleTimeout: .milliseconds(300))
        }
        #expect(error == .unreachable(reason: "timed out"))
    }

    @Test("a body dripped a byte at a time ends at the overall deadline", arguments: TransportAdapter.allCases)
    func deadline(adapter: TransportAdapter) async throws {
        let head = Array("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n".utf8)
        let server = try LoopbackHTTPServer { _ in .drip(head: head, interval: .milliseconds(50)) }
        defer { server.stop() }
        var events = server.eventStream.makeAsyncIterator()

        // Every byte resets the idle timer; only the overall deadline can end this. The
        // idle timeout is far longer than the deadline because a test run can keep
        // Swift's two concurrency threads busy for seconds (on 2 cores, a heavy test
        // beside this one): the body then stops being read, NIO's idle timer runs on
        // its own thread and would win, though the deadline is what is under test.
        let error = await #expect(throws: TransportError.self) {
            _ = try await adapter.send(Self.get, to: server.baseURL, idleTimeout: .seconds(60), deadline: .milliseconds(800))
        }
        #expect(error == .deadlineExceeded(.milliseconds(800)))
        #expect(await events.next() == "request")
        // The connection is closed, not left to drip.
        #expect(await events.next() == "closed")
    }

    @Test("a body over the size cap is refused, announced or not", arguments: TransportAdapter.allCases)
    func sizeCap(adapter: TransportAdapter) async throws {
        let big = [UInt8](repeating: 65, count: 300_000)
        let server = try LoopbackHTTPServer { request in
            request.target == "/announced" ? .respond(status: 200, headers: [:], body: big) : .unannounced(body: big)
        }
        defer { server.stop() }

        for path in ["/announced", "/unannounced"] {
            await #expect(throws: TransportError.responseTooLarge(limit: 100_000), "\(path)") {
                _ = try await adapter.send(HTTPRequest.origin(.get, path), to: server.baseURL, maximumResponseBytes: 100_000)
            }
        }
        let (_, fits) = try await adapter.send(HTTPRequest.origin(.get, "/unannounced"), to: server.baseURL, maximumResponseBytes: 300_000)
        #expect(fits.count == 300_000)
    }

    @Test("a compressed body sent unasked never inflates past the cap", arguments: TransportAdapter.allCases)
    func compressionBomb(adapter: TransportAdapter) async throws {
        // 8 MiB of zeros in about 8 KB of gzip.
        let bomb = try await Gzip.compress([UInt8](repeating: 0, count: 8 * 1024 * 1024))
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: bomb) }
        defer { server.stop() }

        let error = await #expect(throws: TransportError.self) {
            _ = try await adapter.send(Self.get, to: server.baseURL, maximumResponseBytes: 1024 * 1024)
        }
        switch error {
        case .responseTooLarge, .malformedResponse: break
        default: Issue.record("expected the bomb refused, got \(String(describing: error))")
        }
    }

    @Test(
        "a redirect is never followed, to this origin or another: it is an unusable answer",
        arguments: TransportAdapter.allCases, [301, 302, 303, 307, 308]
    )
    func redirect(adapter: TransportAdapter, status: Int) async throws {
        let elsewhere = try LoopbackHTTPServer { _ in .respond(status: 200, headers: [:], body: Array(#"{"username":"attacker"}"#.utf8)) }
        defer { elsewhere.stop() }
        let targets = ["/auth/me-again", elsewhere.baseURL.absoluteString + "/auth/me"]
        for location in targets {
            let server = try LoopbackHTTPServer { _ in .respond(status: status, headers: ["Location": location], body: []) }
            defer { server.stop() }
            let request = HTTPRequest.origin(.get, "/auth/me", headers: [.authorization: "Bearer secret-token"])

            await #expect(throws: TransportError.redirected(status: status, location: location)) {
                _ = try await adapter.send(request, to: server.baseURL)
            }
            #expect(server.requests.count == 1, "followed to \(location)")
        }
        #expect(elsewhere.requests.isEmpty, "the token travelled to another origin")
    }

    @Test("a body cut off before its announced length is an error, not a short answer", arguments: TransportAdapter.allCases)
    func truncatedBody(adapter: TransportAdapter) async throws {
        let server = try LoopbackHTTPServer { _ in .raw(Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"id\":".utf8)) }
        defer { server.stop() }

        let error = await #expect(throws: TransportError.self) {
            _ = try await adapter.send(Self.get, to: server.baseURL)
        }
        guard case .unreachable = error else {
            Issue.record("expected unreachable (connection lost), got \(String(describing: error))")
            return
        }
    }

    /// FoundationNetworking traps on these ("Transfer completed, but there's no
    /// response"), which no caller can catch, so they run for AsyncHTTPClient only; see
    /// `urlSessionTrapsOnTruncatedHead` for the known limit.
    @Test(
        "an answer cut off in its status line or header block is an error, never a crash",
        arguments: ["HTTP/1.1 20", "HTTP/1.1 200 OK\r\nContent-Le", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n"]
    )
    func truncatedHead(prefix: String) async throws {
        let server = try LoopbackHTTPServer { _ in .raw(Array(prefix.utf8)) }
        defer { server.stop() }

        let error = await #expect(throws: TransportError.self) {
            _ = try await TransportAdapter.asyncHTTPClient.send(Self.get, to: server.baseURL)
        }
        switch error {
        case .unreachable, .malformedResponse: break
        default: Issue.record("expected unreachable or malformed, got \(String(describing: error))")
        }
    }

    @Test(.disabled("FoundationNetworking traps the process (SIGILL): swiftlang/swift-corelibs-foundation#5285, fixed after Swift 6.3.1"))
    func urlSessionTrapsOnTruncatedHead() async throws {
        let server = try LoopbackHTTPServer { _ in .raw(Array("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n".utf8)) }
        defer { server.stop() }
        await #expect(throws: TransportError.self) {
            _ = try await TransportAdapter.urlSession.send(Self.get, to: server.baseURL)
        }
    }

    @Test("a header that is not valid text makes the answer unusable", arguments: TransportAdapter.allCases)
    func nonTextHeader(adapter: TransportAdapter) async throws {
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-IV: ".utf8) + [0xFF, 0xFE, 0x80] + Array("\r\n\r\n{}".utf8)
        let server = try LoopbackHTTPServer { _ in .raw(answer) }
        defer { server.stop() }

        // Either way the answer is refused with a typed error, never accepted or crashed on.
        let error = await #expect(throws: TransportError.self) {
            _ = try await adapter.send(Self.get, to: server.baseURL)
        }
        let malformed = if case .malformedResponse = error { true } else { false }
        if adapter == .urlSession {
            // FoundationNetworking's header parser (URLSession/HTTP/HTTPMessage.swift) reads
            // each line as UTF-8 and fails the whole transfer when it cannot, which reads
            // as a network failure; no upstream issue tracks it yet. Only that one
            // expectation is known to fail: the day it passes, the known issue does not.
            withKnownIssue("FoundationNetworking reports a non-UTF-8 header as a failed transfer (HTTPMessage.swift)") {
                #expect(malformed, "got \(String(describing: error))")
            }
        } else {
            #expect(malformed, "got \(String(describing: error))")
        }
    }

    @Test("cancelling the calling task cancels the HTTP request itself", arguments: TransportAdapter.allCases)
    func cancellation(adapter: TransportAdapter) async throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        var events = server.eventStream.makeAsyncIterator()

        let task = Task { try await adapter.send(HTTPRequest.origin(.get, "/slow"), to: server.baseURL, idleTimeout: .seconds(60)) }
        #expect(await events.next() == "request")
        task.cancel()

        await #expect(throws: TransportError.cancelled) {
            _ = try await task.value
        }
        // The server sees the connection closed: the request was really cancelled.
        #expect(await events.next() == "closed")
    }

    @Test("one transport serves many requests in turn", arguments: TransportAdapter.allCases)
    func manyRequests(adapter: TransportAdapter) async throws {
        let server = try LoopbackHTTPServer { request in .respond(status: 200, headers: [:], body: Array(request.target.utf8)) }
        defer { server.stop() }

        try await adapter.withTransport(TransportConfiguration(baseURL: server.baseURL)) { transport in
            for index in 0..<20 {
                let (_, body) = try await transport.send(HTTPRequest.origin(.get, "/n/\(index)"), body: nil)
                #expect(String(decoding: body, as: UTF8.self) == "/n/\(index)")
            }
        }
    }
}
