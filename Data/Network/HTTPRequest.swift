/// An HTTP request as a plain value, before any interceptor has seen it.
public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    /// The path, starting with `/`, without the query.
    public var path: String
    /// Ordered: the query is part of the sealed associated data, so its order matters.
    public var queryItems: [(name: String, value: String)]
    public var headers: [String: String]
    public var body: [UInt8]?

    public init(
        method: HTTPMethod,
        path: String,
        queryItems: [(name: String, value: String)] = [],
        headers: [String: String] = [:],
        body: [UInt8]? = nil
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path
            && lhs.queryItems.elementsEqual(rhs.queryItems) { $0.name == $1.name && $0.value == $1.value }
            && lhs.headers == rhs.headers && lhs.body == rhs.body
    }
}
