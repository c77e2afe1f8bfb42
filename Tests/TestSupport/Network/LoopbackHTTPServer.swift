import Foundation
import Infrastructure
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 server on a loopback address (127.0.0.1 unless named) and an
/// ephemeral port, for testing the real
/// transports against answers a real server would never give on purpose: cut off,
/// dripped, redirected, mangled. One blocking thread accepts connections and answers
/// each request through `respond`; it is deliberately small, not a general server.
public final class LoopbackHTTPServer: Sendable {
    /// What the server received.
    public struct Request: Sendable {
        public let method: String
        public let target: String
        public let headers: [String: String]
        public let body: [UInt8]
        /// The address the connection came from, as the server saw it.
        public let peer: String

        public init(method: String, target: String, headers: [String: String], body: [UInt8], peer: String) {
            self.method = method
            self.target = target
            self.headers = headers
            self.body = body
            self.peer = peer
        }
    }

    /// How to answer: a response, or keep the connection open without answering
    /// until the client gives up (to test timeouts and cancellation).
    public enum Reply: Sendable {
        case respond(status: Int, headers: [String: String], body: [UInt8])
        /// A body without `Content-Length`, ended by closing the connection.
        case unannounced(body: [UInt8])
        case hang
        /// Exactly these bytes, then the connection is closed: for truncated and broken answers.
        case raw([UInt8])
        /// `head`, then one byte of body every `interval` until the client goes away.
        case drip(head: [UInt8], interval: Duration)
    }

    public let port: UInt16
    /// The loopback address it listens on.
    public let address: String
    private let listener: Int32
    private let received = RequestLog()
    private let events: AsyncStream<String>.Continuation
    /// "request" when a request has been read, "closed" when a hanging client went away.
    public let eventStream: AsyncStream<String>

    public init(on address: String = LoopbackSocket.defaultAddress, respond: @escaping @Sendable (Request) -> Reply) throws {
        let (listener, port) = try LoopbackSocket.bind(listening: true, on: address)
        self.listener = listener
        self.port = port
        self.address = address
        (eventStream, events) = AsyncStream.makeStream(of: String.self)

        let received = self.received
        let events = self.events
        // The thread owns the listening descriptor and closes it as it ends. Closed by
        // `stop()` instead, while the thread was still serving, its number would be
        // free for the next server the run opens, and the thread, back at `accept`,
        // would answer that server's requests with this one's replies.
        let thread = Thread {
            defer { close(listener) }
            while true {
                let (connection, peer) = LoopbackSocket.accept(listener)
                if connection >= 0 {
                    Self.serve(connection, from: peer, respond: respond, received: received, events: events)
                } else if errno != EINTR && errno != ECONNABORTED {
                    return // shut down by `stop()`
                }
            }
        }
        thread.start()
    }

    public var requests: [Request] { received.all }

    public var baseURL: URL {
        URL(string: "http://\(address):\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Stops listening: a waiting `accept` fails at once, and so does the next one if the
    /// thread is still serving a client; the thread then closes the descriptor itself.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        events.finish()
    }

    private static func serve(
        _ connection: Int32,
        from peer: String,
        respond: @Sendable (Request) -> Reply,
        received: RequestLog,
        events: AsyncStream<String>.Continuation
    ) {
        defer { close(connection) }
        guard let request = readRequest(connection, from: peer) else { return }
        received.append(request)
        events.yield("request")
        switch respond(request) {
        case .hang:
            var byte: UInt8 = 0
            while recv(connection, &byte, 1, 0) > 0 {}
            events.yield("closed")
        case .raw(let bytes):
            write(bytes, to: connection)
        case .drip(let head, let interval):
            write(head, to: connection)
            // The server's own pace, not a test waiting: it stops when the client hangs up.
            while write([UInt8(ascii: "x")], to: connection) {
                Thread.sleep(forTimeInterval: interval.timeInterval)
            }
            events.yield("closed")
        case .unannounced(let body):
            write(Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8) + body, to: connection)
        case .respond(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            head += "\r\n"
            write(Array(head.utf8) + body, to: connection)
        }
    }

    /// Whether every byte went out (false once the client has closed the connection).
    @discardableResult
    private static func write(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    private static func readRequest(_ connection: Int32, from peer: String) -> Request? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var headerEnd: Int?
        while headerEnd == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer += chunk[..<count]
            headerEnd = find([13, 10, 13, 10], in: buffer)
        }
        guard let headerEnd else { return nil }
        let head = String(decoding: buffer[..<headerEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head[0].split(separator: " ").map(String.init)
        guard requestLine.count >= 2 else { return nil }
        let headers = fields(head.dropFirst())
        let length = Int(headers["content-length"] ?? "0") ?? 0
        var body = Array(buffer[(headerEnd + 4)...])
        while body.count < length {
            let count = recv(connection, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            body += chunk[..<count]
        }
        return Request(method: requestLine[0], target: requestLine[1], headers: headers, body: body, peer: peer)
    }

    /// Header lines as fields, names lowercased; a line without a colon is skipped.
    static func fields(_ lines: some Sequence<String>) -> [String: String] {
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

/// The requests a server has read, shared between its thread and the test.
final class RequestLog: Sendable {
    private let requests = Mutex<[LoopbackHTTPServer.Request]>([])

    var all: [LoopbackHTTPServer.Request] { requests.withLock { $0 } }

    func append(_ request: LoopbackHTTPServer.Request) {
        requests.withLock { $0.append(request) }
    }
}

extension LoopbackHTTPServer {
    /// The bytes of an answer with any number on its status line, three digits as HTTP
    /// writes them (`000`, `099`, `999`: ones no real server sends), then a JSON body or
    /// none; the connection closes after it. For `Reply.raw`.
    public static func statusLine(_ status: Int, body: [UInt8]?) -> [UInt8] {
        var head = "HTTP/1.1 \(String(format: "%03d", status)) Whatever\r\nConnection: close\r\n"
        if let body {
            head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n"
        }
        return Array((head + "\r\n").utf8) + (body ?? [])
    }
}
