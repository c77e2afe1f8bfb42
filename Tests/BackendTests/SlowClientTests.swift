import Backend
import Foundation
import Logging
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The backend under clients that never finish their request: each connection must be
/// closed by the server, however slowly the bytes trickle, so none is held for ever.
@Suite("Backend: slow clients are cut off", .timeLimit(.minutes(2)))
struct SlowClientTests {
    /// Starts a backend whose idle timeout (60 s) would never fire in a test, so only
    /// the request read timeout can close the connection.
    private func startServer() async throws -> (Task<Void, any Error>, Int) {
        var configuration = StoreServerConfiguration()
        configuration.port = 0
        configuration.idleTimeout = .seconds(60)
        configuration.requestReadTimeout = .milliseconds(300)
        let server = try StoreServer(configuration: configuration, store: FakeBackendStore(), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run { continuation.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        return (task, port)
    }

    @Test("a header block that never ends is cut off by the request read timeout", arguments: [
        "",                                      // connects and says nothing
        "GET /auth/me HTTP/1.1\r\nHost: x\r\n",  // a slowloris: the blank line never comes
        "POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"user", // a body that never ends
    ])
    func unfinishedRequest(sent: String) async throws {
        let (server, port) = try await startServer()
        defer { server.cancel() }

        let closedByServer = try await runOffPool { try RawConnection(port: port).sendThenWaitForClose(sent, within: .seconds(10)) }

        #expect(closedByServer, "the server still held the connection after 10 s")
    }
}

/// One blocking TCP connection to loopback, for playing a client that stalls.
private struct RawConnection {
    struct Failure: Error {}
    let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard socket >= 0, connected else { throw Failure() }
    }

    /// Sends `text`, then reads until the server closes (true) or `limit` passes (false).
    /// The limit is a safety net for a failing test, not a wait: a passing run ends
    /// as soon as the server hangs up.
    func sendThenWaitForClose(_ text: String, within limit: Duration) throws -> Bool {
        defer { close(socket) }
        let bytes = Array(text.utf8)
        if !bytes.isEmpty { _ = send(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL)) }
        var timeout = timeval(tv_sec: Int(limit.components.seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { return true }      // orderly close by the server
            if count < 0 { return errno == ECONNRESET }
        }
    }
}
