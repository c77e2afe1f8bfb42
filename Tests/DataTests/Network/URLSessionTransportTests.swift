@testable import Data
import Foundation
import Testing

/// The real transport against a real HTTP server on loopback.
@Suite("URLSessionTransport")
struct URLSessionTransportTests {
    @Test("sends method, target, headers and body, and returns status, headers and body")
    func exchange() async throws {
        let server = try LoopbackHTTPServer { request in
            .respond(status: 201, headers: ["X-Echo": request.method, "Content-Type": "application/json"], body: request.body)
        }
        defer { server.stop() }
        let transport = URLSessionTransport(configuration: .init(baseURL: server.baseURL))
        let request = HTTPRequest(
            method: .post, path: "/auth/products/search", queryItems: [QueryItem("q", "red phone/é")],
            headers: ["Content-Type": "application/json", "X-IV": "AAAAAAAAAAAAAAAA"], body: Array(#"{"a":1}"#.utf8)
        )

        let response = try await transport.send(request)

        #expect(response.status == 201)
        #expect(response.header("x-echo") == "POST")
        #expect(response.body == Array(#"{"a":1}"#.utf8))
        let received = try #require(server.requests.first)
        // The target arrives byte for byte as the payload layer authenticated it.
        #expect(received.target == "/auth/products/search?q=red%20phone%2F%C3%A9")
        #expect(received.headers["x-iv"] == "AAAAAAAAAAAAAAAA")
    }

    @Test("a non-2xx answer is a response, not a transport error")
    func errorStatus() async throws {
        let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Array("busy".utf8)) }
        defer { server.stop() }

        let response = try await URLSessionTransport(configuration: .init(baseURL: server.baseURL)).send(HTTPRequest(method: .get, path: "/"))

        #expect(response.status == 503)
        #expect(!response.isSuccess)
    }

    @Test("a refused connection is 'unreachable'")
    func refused() async throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        let url = server.baseURL
        server.stop() // nothing listens on the port any more

        let error = await #expect(throws: NetworkError.self) {
            _ = try await URLSessionTransport(configuration: .init(baseURL: url)).send(HTTPRequest(method: .get, path: "/"))
        }
        guard case .unreachable = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
    }

    @Test("a body over the size cap is refused, whether its length is announced or not")
    func sizeCap() async throws {
        let big = [UInt8](repeating: 65, count: 300_000)
        let server = try LoopbackHTTPServer { request in
            request.target == "/announced" ? .respond(status: 200, headers: [:], body: big) : .unannounced(body: big)
        }
        defer { server.stop() }
        let transport = URLSessionTransport(configuration: .init(baseURL: server.baseURL, maximumResponseBytes: 100_000))

        for path in ["/announced", "/unannounced"] {
            await #expect(throws: NetworkError.responseTooLarge(limit: 100_000), "\(path)") {
                _ = try await transport.send(HTTPRequest(method: .get, path: path))
            }
        }
        let fits = URLSessionTransport(configuration: .init(baseURL: server.baseURL, maximumResponseBytes: 300_000))
        #expect(try await fits.send(HTTPRequest(method: .get, path: "/unannounced")).body.count == 300_000)
    }

    @Test("cancelling the calling task cancels the HTTP request itself")
    func cancellation() async throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        let transport = URLSessionTransport(configuration: .init(baseURL: server.baseURL, timeout: .seconds(60)))
        var events = server.eventStream.makeAsyncIterator()

        let task = Task { try await transport.send(HTTPRequest(method: .get, path: "/slow")) }
        #expect(await events.next() == "request")
        task.cancel()

        await #expect(throws: NetworkError.cancelled) {
            _ = try await task.value
        }
        // The server sees the connection closed: the request was really cancelled.
        #expect(await events.next() == "closed")
    }

    @Test("a server that does not answer within the timeout is 'unreachable'")
    func timeout() async throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        // Below a second on purpose: it is rounded up to one, not truncated to zero.
        let transport = URLSessionTransport(configuration: .init(baseURL: server.baseURL, timeout: .milliseconds(300)))

        let error = await #expect(throws: NetworkError.self) {
            _ = try await transport.send(HTTPRequest(method: .get, path: "/slow"))
        }
        #expect(error == .unreachable(reason: "timed out"))
    }

    @Test("one transport reuses its session for many requests")
    func manyRequests() async throws {
        let server = try LoopbackHTTPServer { request in .respond(status: 200, headers: [:], body: Array(request.target.utf8)) }
        defer { server.stop() }
        let transport = URLSessionTransport(configuration: .init(baseURL: server.baseURL))

        for index in 0..<20 {
            let response = try await transport.send(HTTPRequest(method: .get, path: "/n/\(index)"))
            #expect(String(decoding: response.body, as: UTF8.self) == "/n/\(index)")
        }
    }
}
