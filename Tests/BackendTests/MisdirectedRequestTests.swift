@testable import Backend
import NIOHTTP1
import Foundation
import Logging
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A request whose target names another origin than its `Host` (another authority, or a
/// scheme other than http and https) is not this server's to answer: 421 Misdirected
/// Request (RFC 9110 section 15.5.20), never the page at that path served as if it were
/// asked of this server.
@Suite("Backend: requests for another authority", .timeLimit(.minutes(1)))
struct MisdirectedRequestTests {
    @Test("what a target names, against the Host it carries", arguments: [
        ("/products/1", "127.0.0.1:8080", false),
        ("*", "127.0.0.1:8080", false),
        ("http://127.0.0.1:8080/products/1", "127.0.0.1:8080", false),
        ("HTTP://Store.Example:8080/products/1", "store.example:8080", false),
        ("http://user:secret@127.0.0.1:8080/", "127.0.0.1:8080", false),
        ("http://evil.invalid/products/1", "127.0.0.1:8080", true),
        ("http://127.0.0.1:8081/products/1", "127.0.0.1:8080", true),
        ("https://evil.invalid?x=1", "127.0.0.1:8080", true),
        ("http://evil.invalid/products/1", nil, true),
        ("/redirect?to=http://evil.invalid/", "127.0.0.1:8080", false),
        ("http://store.example:80/products/1", "store.example", false),
        ("https://store.example/products/1", "store.example:443", false),
        ("https://store.example:80/products/1", "store.example", true),
        ("ftp://127.0.0.1:8080/products/1", "127.0.0.1:8080", true),
    ] as [(String, String?, Bool)])
    func misdirected(target: String, host: String?, expected: Bool) {
        #expect(RequestTarget.isMisdirected(target, host: host) == expected)
    }

    @Test("a request with two Hosts, or an HTTP/1.1 one with none, is refused 400 (RFC 9112 section 3.2); HTTP/1.0 may leave it out", arguments: [
        (HTTPVersion.http1_1, [], 400), (.http1_1, ["127.0.0.1:8080", "127.0.0.1:8080"], 400), (.http1_1, ["127.0.0.1:8080"], nil),
        (.http1_0, [], nil), (.http1_0, ["a", "b"], 400),
    ] as [(HTTPVersion, [String], Int?)])
    func hostCount(version: HTTPVersion, hosts: [String], status: Int?) {
        var headers = HTTPHeaders()
        for host in hosts { headers.add(name: "Host", value: host) }
        let head = HTTPRequestHead(version: version, method: .GET, uri: "/products/1", headers: headers)
        #expect(MisdirectedRequestHandler.refusal(of: head)?.status == status)
    }

    @Test("over a socket: a login pipelined before a request for another authority gets its 200, then the 421, in order")
    func pipelinedBeforeRefusal() async throws {
        let (port, stop) = try await Self.serve()
        defer { stop() }
        let host = "127.0.0.1:\(port)"
        let login = #"{"username":"emilys","password":"emilyspass"}"#
        let pipelined = "POST /auth/login HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\nContent-Length: \(login.utf8.count)\r\n\r\n\(login)"
            + "GET http://evil.invalid/ HTTP/1.1\r\nHost: \(host)\r\n\r\n"
        let answer = try await runOffPool {
            let socket = try LoopbackSocket.connect(to: port)
            defer { close(socket) }
            _ = Array(pipelined.utf8).withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
            return String(decoding: LoopbackSocket.readToEnd(socket), as: UTF8.self)
        }
        let statuses = answer.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
        #expect(statuses == ["200", "421"], "\(answer)")
        #expect(answer.contains("accessToken"), "the login's answer")
    }

    /// A server on a free loopback port, and what stops it.
    static func serve() async throws -> (port: UInt16, stop: @Sendable () -> Void) {
        var configuration = StoreServerConfiguration()
        configuration.port = 0
        let server = try StoreServer(configuration: configuration, store: FakeBackendStore(), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run { continuation.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next().flatMap { UInt16(exactly: $0) })
        return (port, { task.cancel() })
    }

    @Test("over a socket: another authority gets 421 and a closed connection; the server's own, in either form, its answer")
    func overASocket() async throws {
        var configuration = StoreServerConfiguration()
        configuration.port = 0
        let server = try StoreServer(configuration: configuration, store: FakeBackendStore(), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run { continuation.yield($0) } }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next().flatMap { UInt16(exactly: $0) })
        let host = "127.0.0.1:\(port)"

        let statuses = try await runOffPool {
            try ["http://evil.invalid/products/1", "http://\(host)/products/1", "/products/1"].map { target in
                let socket = try LoopbackSocket.connect(to: port)
                defer { close(socket) }
                // No `Connection: close` of ours: the 421's own closes the connection.
                let request = target.hasPrefix("/") || target.contains(host) ? "Connection: close\r\n" : ""
                _ = Array("GET \(target) HTTP/1.1\r\nHost: \(host)\r\n\(request)\r\n".utf8).withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
                let answer = String(decoding: LoopbackSocket.readToEnd(socket), as: UTF8.self)
                return answer.split(separator: " ").dropFirst().first.map(String.init) ?? answer
            }
        }
        #expect(statuses == ["421", "200", "200"])
    }
}
