import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The loopback server that the transport suites stand on is held to one promise of its
/// own: once stopped, it never answers for another server. Its thread may still be
/// serving a client when `stop()` runs; the descriptor number it listened on is then
/// free for the next server the run opens, and a thread that came back to `accept` on
/// that number would answer the next test's requests with its own replies: a suite
/// failing at random on an answer it never asked for.
@Suite("The loopback test server", .timeLimit(.minutes(1)), .onItsOwnThread)
struct LoopbackHTTPServerTests {
    @Test("a server stopped while serving never answers for the servers opened after it")
    func stoppedServerStaysStopped() async throws {
        let stopped = try LoopbackHTTPServer { request in
            request.target == "/hang" ? .hang : .respond(status: 200, headers: [:], body: Array("stopped".utf8))
        }
        var events = stopped.eventStream.makeAsyncIterator()
        // A client the stopped server's thread is still serving when it stops.
        let hanging = try RawClient(port: stopped.port)
        try hanging.send("GET /hang HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await events.next() == "request")
        stopped.stop()

        // Opened at once, so one of them takes the listening descriptor's number.
        let servers = try (0..<8).map { index in
            try LoopbackHTTPServer { _ in .respond(status: 200, headers: [:], body: Array("server \(index)".utf8)) }
        }
        defer { servers.forEach { $0.stop() } }
        // The stopped server's thread is free again.
        hanging.close()

        for (index, server) in servers.enumerated() {
            for _ in 0..<4 {
                let answer = try RawClient(port: server.port).exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(answer.hasSuffix("\r\n\r\nserver \(index)"), "server \(index) answered: \(answer)")
            }
        }
    }
}

/// A blocking TCP client on 127.0.0.1, as plain as the server it talks to.
private final class RawClient {
    private var socket: Int32

    init(port: UInt16) throws {
        socket = try LoopbackSocket.connect(to: port)
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw POSIXError(.EPIPE) }
    }

    /// Sends the request and reads until the server closes the connection.
    func exchange(_ request: String) throws -> String {
        defer { close() }
        try send(request)
        return String(decoding: LoopbackSocket.readToEnd(socket), as: UTF8.self)
    }

    func close() {
        if socket >= 0 { Glibc.close(socket) }
        socket = -1
    }

    deinit { close() }
}
