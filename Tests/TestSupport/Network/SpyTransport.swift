import Data

/// A transport that records every request and answers with a script: a closure that
/// sees the request and how many came before it.
public actor SpyTransport: HTTPTransport {
    public typealias Script = @Sendable (HTTPRequest, Int) async throws(NetworkError) -> HTTPResponse

    public private(set) var requests: [HTTPRequest] = []
    private let script: Script

    public init(_ script: @escaping Script) {
        self.script = script
    }

    /// Answers every request with the same response.
    public init(always response: HTTPResponse) {
        self.script = { _, _ in response }
    }

    /// Fails every request the same way.
    public init(failing error: NetworkError) {
        self.script = { _, _ throws(NetworkError) in throw error }
    }

    public nonisolated func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let index = await record(request)
        return try await script(request, index)
    }

    private func record(_ request: HTTPRequest) -> Int {
        requests.append(request)
        return requests.count - 1
    }
}

extension HTTPResponse {
    /// A response whose body is the UTF-8 of `json`.
    public static func json(_ status: Int, _ json: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array(json.utf8))
    }
}
