/// A request as the store logic sees it, whatever server carried it.
struct StoreRequest: Sendable {
    let method: String
    /// The path and query exactly as on the request line: the sealed associated data.
    let target: String
    let headers: [String: String]
    let body: [UInt8]
    /// The authority the request reached the server by, its `Host`; nil when it sent none.
    var authority: String? = nil

    var path: String { String(target.prefix { $0 != "?" }) }

    /// The percent-decoded query parameters; the last value wins for a repeated name.
    var query: [String: String] {
        guard let start = target.firstIndex(of: "?") else { return [:] }
        return Self.parameters(target[target.index(after: start)...])
    }

    /// The body as an HTML form (`application/x-www-form-urlencoded`), as RFC 7009's
    /// revocation sends it: read like the query.
    var form: [String: String] {
        Self.parameters(Substring(String(decoding: body, as: UTF8.self)))
    }

    private static func parameters(_ text: Substring) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            parameters[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return parameters
    }

    /// The token of an `Authorization: Bearer` header; nil when there is none, or it is empty.
    var bearerToken: String? {
        guard let authorization = header("Authorization"), authorization.hasPrefix("Bearer ") else { return nil }
        let token = String(authorization.dropFirst("Bearer ".count))
        return token.isEmpty ? nil : token
    }

    /// A header's value, matching its name without regard to case.
    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// `%XX` escapes to bytes and `+` to a space (as forms send it); bad escapes stay as they are.
    private static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
               let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A response before the payload layer: a status and a JSON body.
struct StoreResponse: Sendable {
    let status: Int
    let body: [UInt8]
    var headers: [String: String] = ["Content-Type": "application/json"]
}
