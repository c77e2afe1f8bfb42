import Domain
import Foundation

/// Every endpoint of the store API (PROTOCOL.md section 1), described once, as data.
/// Nothing else in the app spells a path, a query parameter or a body shape.
enum StoreEndpoints {
    static func logIn(username: String, password: String, expiresInMinutes: Int? = nil) throws(NetworkError) -> HTTPRequest {
        HTTPRequest(
            method: .post,
            path: "/auth/login",
            headers: jsonHeaders,
            body: try encode(LoginRequestDTO(username: username, password: password, expiresInMins: expiresInMinutes))
        )
    }

    static let currentUser = HTTPRequest(method: .get, path: "/auth/me", requiresAuthentication: true)

    static func refresh(refreshToken: String, expiresInMinutes: Int? = nil) throws(NetworkError) -> HTTPRequest {
        HTTPRequest(
            method: .post,
            path: "/auth/refresh",
            headers: jsonHeaders,
            body: try encode(RefreshRequestDTO(refreshToken: refreshToken, expiresInMins: expiresInMinutes))
        )
    }

    /// Always through `/auth/products/search`, so a search is an authenticated request.
    static func search(_ query: SearchQuery) -> HTTPRequest {
        HTTPRequest(
            method: .get,
            path: "/auth/products/search",
            queryItems: [
                QueryItem("q", query.text),
                QueryItem("limit", String(query.pageSize)),
                QueryItem("skip", String(query.skip)),
            ],
            requiresAuthentication: true
        )
    }

    static func product(_ id: ProductID) -> HTTPRequest {
        HTTPRequest(method: .get, path: "/auth/products/\(id.rawValue)", requiresAuthentication: true)
    }

    static let categories = HTTPRequest(method: .get, path: "/auth/products/categories", requiresAuthentication: true)

    /// The slug is safe in a path segment: `CategorySlug` allows only `a-z`, `0-9` and `-`.
    static func category(_ query: CategoryQuery) -> HTTPRequest {
        HTTPRequest(
            method: .get,
            path: "/auth/products/category/\(query.slug.rawValue)",
            queryItems: [QueryItem("limit", String(query.paging.pageSize)), QueryItem("skip", String(query.paging.skip))],
            requiresAuthentication: true
        )
    }

    private static let jsonHeaders = ["Content-Type": "application/json"]

    private static func encode(_ body: some Encodable) throws(NetworkError) -> [UInt8] {
        do {
            return try [UInt8](JSONEncoder().encode(body))
        } catch {
            throw .invalidRequest(reason: "cannot encode the body: \(error)")
        }
    }
}
