import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// Every endpoint of the store API (PROTOCOL.md section 1), described once, as data.
/// Nothing else in the app spells a path, a query parameter or a body shape.
enum StoreEndpoints {
    /// One call of the API: the request, its body, and what HTTP does not say of it.
    struct Call: Sendable {
        var request: HTTPRequest
        var body: [UInt8]?
        /// Whether the bearer token goes with it (see `ExchangeContext`).
        var requiresAuthentication: Bool

        /// How a failure to read the answer names this call: `GET /auth/me: `.
        var failurePrefix: String { "\(request.method.rawValue) \(path): " }
        /// The request target, as the request line carries it and the cache keys it.
        var target: String { request.path ?? "" }
        /// The path alone, for a message, where the query is noise.
        var path: Substring { target.prefix { $0 != "?" } }
        /// `METHOD TARGET`, as the `--verbose` line names the exchange.
        var requestLine: String { "\(request.method.rawValue) \(target)" }
    }

    static func logIn(username: String, password: String, expiresInMinutes: Int? = nil) throws(NetworkError) -> Call {
        let body = LoginRequestDTO(username: username, password: password, expiresInMins: expiresInMinutes)
        return Call(request: request(.post, "/auth/login", json: true), body: try encode(body), requiresAuthentication: false)
    }

    static let currentUser = Call(request: request(.get, "/auth/me"), requiresAuthentication: true)

    static func refresh(refreshToken: String, expiresInMinutes: Int? = nil) throws(NetworkError) -> Call {
        let body = RefreshRequestDTO(refreshToken: refreshToken, expiresInMins: expiresInMinutes)
        return Call(request: request(.post, "/auth/refresh", json: true), body: try encode(body), requiresAuthentication: false)
    }

    /// Always through `/auth/products/search`, so a search is an authenticated request.
    static func search(_ query: SearchQuery) -> Call {
        let target = "/auth/products/search" + queryString([("q", query.text)] + paging(query.paging))
        return Call(request: request(.get, target), requiresAuthentication: true)
    }

    static func product(_ id: ProductID) -> Call {
        Call(request: request(.get, "/auth/products/\(id.rawValue)"), requiresAuthentication: true)
    }

    static let categories = Call(request: request(.get, "/auth/products/categories"), requiresAuthentication: true)

    /// The slug is safe in a path segment: `CategorySlug` allows only `a-z`, `0-9` and `-`.
    static func category(_ query: CategoryQuery) -> Call {
        let target = "/auth/products/category/\(query.slug.rawValue)" + queryString(paging(query.paging))
        return Call(request: request(.get, target), requiresAuthentication: true)
    }

    /// One page of a user's posts: only ever the signed-in user's, whose id the
    /// repository takes from the session (`StoreClient.signedInUserID`).
    static func posts(ofUser userID: Int, _ page: Paging) -> Call {
        let target = "/auth/posts/user/\(userID)" + queryString(paging(page))
        return Call(request: request(.get, target), requiresAuthentication: true)
    }

    /// A page as DummyJSON asks for it: how many, after how many.
    private static func paging(_ paging: Paging) -> [(name: String, value: String)] {
        [("limit", String(paging.pageSize)), ("skip", String(paging.skip))]
    }

    /// A request in origin form: the adapter knows the backend's scheme and authority.
    private static func request(_ method: HTTPRequest.Method, _ target: String, json: Bool = false) -> HTTPRequest {
        HTTPRequest(method: method, scheme: nil, authority: nil, path: target, headerFields: json ? [.contentType: "application/json"] : [:])
    }

    private static func encode(_ body: some Encodable) throws(NetworkError) -> [UInt8] {
        do {
            return try [UInt8](JSONEncoder().encode(body))
        } catch {
            throw .unencodableRequest(reason: "cannot encode the body: \(error)")
        }
    }

    /// `?name=value&…` in the order given (the order is part of the sealed associated
    /// data), each name and value percent-encoded by RFC 3986: every byte outside
    /// `A–Z a–z 0–9 - . _ ~` becomes `%XX`, spaces included. Written out rather than left
    /// to Foundation, whose rules differ by platform (`+`, `;`, `/` are kept on some):
    /// the sealed payload authenticates the exact target, so both ends must agree on
    /// every byte.
    static func queryString(_ items: [(name: String, value: String)]) -> String {
        guard !items.isEmpty else { return "" }
        return "?" + items.map { percentEncoded($0.name) + "=" + percentEncoded($0.value) }.joined(separator: "&")
    }

    private static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0f, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
