/// An HTTP response as a plain value.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Names as the server sent them; look them up with `header(_:)`, which ignores case.
    public var headers: [String: String]
    public var body: [UInt8]
    /// Which try of the request this answer came from: 1 unless the retry interceptor
    /// had to try again. Travels with the response so the log line can say so.
    public var attempt: Int

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = [], attempt: Int = 1) {
        self.status = status
        self.headers = headers
        self.body = body
        self.attempt = attempt
    }

    /// A header's value, matching its name without regard to case as HTTP requires.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// 200 to 299: the only statuses that count as success.
    public var isSuccess: Bool { (200...299).contains(status) }
}
