import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A proxy on the path between a client and its backend that holds no key, as an
/// attacker at a TLS-terminating hop would sit: it forwards each request on loopback,
/// records every exchange, and, when told, answers a request with an answer it
/// recorded earlier or changes an answer on its way back. One request per connection.
public final class RecordingProxy: Sendable {
    /// One request and the answer that went back for it.
    public struct Exchange: Sendable {
        public let request: LoopbackHTTPServer.Request
        public var status: Int
        /// Lowercased names, as the proxy read them.
        public var headers: [String: String]
        public var body: [UInt8]

        public init(request: LoopbackHTTPServer.Request, status: Int, headers: [String: String], body: [UInt8]) {
            self.request = request
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// Whom a forwarded request says it is for.
    public enum Forwarding: Sendable {
        /// A relay (RFC 9458 section 5) makes a request of its own to the gateway, so its
        /// `Host` names the backend.
        case relay
        /// A balancer passes the client's `Host` on, the authority the client asked for.
        case balancer
    }

    /// What to do with the next request that `matches`; each rule is used once.
    private struct Rule: Sendable {
        let matches: @Sendable (LoopbackHTTPServer.Request) -> Bool
        let answer: @Sendable (Exchange) -> Exchange
    }

    /// What the server's thread and the test share.
    private final class State: Sendable {
        let log = Mutex<[Exchange]>([])
        let rules = Mutex<[Rule]>([])
        /// Changes to the next requests' bodies before they are forwarded, each used once.
        let bodyChanges = Mutex<[@Sendable ([UInt8]) -> [UInt8]]>([])
        /// Where requests go: the backend's port, which `forward(toBackendPort:)` moves.
        let backendPort: Mutex<UInt16>

        init(backendPort: UInt16) {
            self.backendPort = Mutex(backendPort)
        }
    }

    private let server: LoopbackHTTPServer
    private let state: State

    /// - Parameters:
    ///   - backendPort: the loopback port the real backend listens on.
    ///   - address: the loopback address the proxy listens on and forwards from, so the
    ///     backend sees it as a host of its own.
    ///   - forwarding: what the forwarded request's `Host` says.
    public init(backendPort: UInt16, address: String = LoopbackSocket.defaultAddress, forwarding: Forwarding = .balancer) throws {
        let state = State(backendPort: backendPort)
        self.state = state
        let source = address == LoopbackSocket.defaultAddress ? nil : address
        server = try LoopbackHTTPServer(on: address) { received in
            let change = state.bodyChanges.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            let request = change.map {
                LoopbackHTTPServer.Request(method: received.method, target: received.target, headers: received.headers, body: $0(received.body), peer: received.peer)
            } ?? received
            let forwarded = Self.forward(request, to: state.backendPort.withLock { $0 }, from: source, as: forwarding)
            let rule = state.rules.withLock { pending -> Rule? in
                guard let index = pending.firstIndex(where: { $0.matches(request) }) else { return nil }
                return pending.remove(at: index)
            }
            let answer = rule.map { $0.answer(forwarded) } ?? forwarded
            state.log.withLock { $0.append(answer) }
            var headers = answer.headers
            headers["content-length"] = nil
            headers["connection"] = nil
            return .respond(status: answer.status, headers: headers, body: answer.body)
        }
    }

    public var url: String { "http://\(server.address):\(server.port)" }

    /// The port it listens on, for a second proxy in front of it.
    public var port: UInt16 { server.port }

    /// How many requests it has read, each also an event ("request") in `events`, as it
    /// was read and before it was forwarded.
    public var received: Int { server.requests.count }
    public var events: AsyncStream<String> { server.eventStream }

    /// Sends the requests from now on to `port`: the backend started again on another
    /// port, as a balancer's target moves.
    public func forward(toBackendPort port: UInt16) {
        state.backendPort.withLock { $0 = port }
    }

    /// Every exchange so far, in order, as the client got it.
    public var exchanges: [Exchange] { state.log.withLock { $0 } }

    /// Answers the next request that `matches` with `recorded` (status, headers, body)
    /// in place of the backend's own answer: a replay.
    public func replay(_ recorded: Exchange, toNext matches: @escaping @Sendable (LoopbackHTTPServer.Request) -> Bool) {
        state.rules.withLock { $0.append(Rule(matches: matches) { fresh in
            Exchange(request: fresh.request, status: recorded.status, headers: recorded.headers, body: recorded.body)
        }) }
    }

    /// Changes the backend's answer to the next request that `matches` on its way back.
    public func tamper(
        withNext matches: @escaping @Sendable (LoopbackHTTPServer.Request) -> Bool,
        _ change: @escaping @Sendable (inout Exchange) -> Void
    ) {
        state.rules.withLock { $0.append(Rule(matches: matches) { fresh in
            var changed = fresh
            change(&changed)
            return changed
        }) }
    }

    /// Forwards `body` in place of the next request's own: a request swapped on the way.
    public func substitute(nextRequestBody body: [UInt8]) {
        change(nextRequestBody: { _ in body })
    }

    /// Forwards the next request's body as `change` makes it: a request padded on the way.
    public func change(nextRequestBody change: @escaping @Sendable ([UInt8]) -> [UInt8]) {
        state.bodyChanges.withLock { $0.append(change) }
    }

    public func stop() {
        server.stop()
    }

    /// The request sent on to the backend as it came, and its answer read to the end;
    /// a 502 when the backend cannot be reached.
    private static func forward(_ request: LoopbackHTTPServer.Request, to port: UInt16, from source: String?, as forwarding: Forwarding) -> Exchange {
        let unreachable = Exchange(request: request, status: 502, headers: [:], body: [])
        guard let connection = try? LoopbackSocket.connect(to: port, from: source) else { return unreachable }
        defer { close(connection) }
        var headers = request.headers
        if forwarding == .relay { headers["host"] = "\(LoopbackSocket.defaultAddress):\(port)" }
        var head = "\(request.method) \(request.target) HTTP/1.1\r\n"
        for (name, value) in headers where !["content-length", "connection"].contains(name) {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(request.body.count)\r\nConnection: close\r\n\r\n"
        let outgoing = Array(head.utf8) + request.body
        var offset = 0
        while offset < outgoing.count {
            let sent = outgoing[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return unreachable }
            offset += sent
        }
        return parse(LoopbackSocket.readToEnd(connection), for: request) ?? unreachable
    }

    /// A complete HTTP/1.1 answer with a `Content-Length` (what the bundled backend sends).
    private static func parse(_ bytes: [UInt8], for request: LoopbackHTTPServer.Request) -> Exchange? {
        guard let end = LoopbackHTTPServer.find([13, 10, 13, 10], in: bytes) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        let headers = LoopbackHTTPServer.fields(lines.dropFirst())
        var body = Array(bytes[(end + 4)...])
        if let length = headers["content-length"].flatMap(Int.init), length <= body.count {
            body = Array(body.prefix(length))
        }
        return Exchange(request: request, status: status, headers: headers, body: body)
    }
}
