/// An HTTP request as a plain value, before any interceptor has seen it.
public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    /// The path, starting with `/`, without the query.
    public var path: String
    /// Ordered: the query is part of the sealed associated data, so its order matters.
    public var queryItems: [QueryItem]
    public var headers: [String: String]
    public var body: [UInt8]?
    /// Whether the auth interceptor must add the bearer token (and refresh it on a 401).
    public var requiresAuthentication: Bool

    public init(
        method: HTTPMethod,
        path: String,
        queryItems: [QueryItem] = [],
        headers: [String: String] = [:],
        body: [UInt8]? = nil,
        requiresAuthentication: Bool = false
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.requiresAuthentication = requiresAuthentication
    }

    /// The request target exactly as it goes on the request line: the path, then `?` and
    /// the percent-encoded query when there is one. The transport sends this string and
    /// the payload layer authenticates it, so both see the same bytes.
    public var target: String {
        guard !queryItems.isEmpty else { return path }
        let query = queryItems
            .map { "\(PercentEncoding.encode($0.name))=\(PercentEncoding.encode($0.value))" }
            .joined(separator: "&")
        return "\(path)?\(query)"
    }

    /// A header's value, matching its name without regard to case as HTTP requires.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// One `name=value` pair of a query string, before percent-encoding.
public struct QueryItem: Sendable, Equatable {
    public let name: String
    public let value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
