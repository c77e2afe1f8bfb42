import Data
import HTTPTypes

/// A transport that records every request and answers with a script: a closure that
/// sees the request and how many came before it. It stands where an adapter stands, so
/// it converts its script's `StubResponse` to swift-http-types at its own edge.
public actor SpyTransport: HTTPTransport {
    public typealias Script = @Sendable (RecordedRequest, Int) async throws(TransportError) -> StubResponse

    public private(set) var requests: [RecordedRequest] = []
    private let script: Script

    public init(_ script: @escaping Script) {
        self.script = script
    }

    /// Answers every request with the same response.
    public init(always response: StubResponse) {
        self.script = { _, _ in response }
    }

    /// Fails every request the same way.
    public init(failing error: TransportError) {
        self.script = { _, _ throws(TransportError) in throw error }
    }

    public nonisolated func send(_ request: HTTPRequest, body: [UInt8]?) async throws(TransportError) -> (HTTPResponse, [UInt8]) {
        let recorded = RecordedRequest(head: request, body: body)
        let index = await record(recorded)
        return try await script(recorded, index).http
    }

    public nonisolated func shutdown() async {}

    private func record(_ request: RecordedRequest) -> Int {
        requests.append(request)
        return requests.count - 1
    }
}

/// One request as a fake transport received it: swift-http-types' head and the body.
public struct RecordedRequest: Sendable {
    public let head: HTTPRequest
    public let body: [UInt8]?

    public init(head: HTTPRequest, body: [UInt8]?) {
        self.head = head
        self.body = body
    }

    /// The path and query, as the request line carries them.
    public var target: String { head.path ?? "" }
    /// The path without the query.
    public var path: String { String(target.prefix { $0 != "?" }) }
    public var method: HTTPRequest.Method { head.method }

    /// A field's value by name, in any case.
    public func header(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { head.headerFields[$0] }
    }
}
