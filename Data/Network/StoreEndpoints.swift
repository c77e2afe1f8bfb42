import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// Every endpoint of the store API (PROTOCOL.md section 1), described once, as data:
/// each call with the request it sends and what its answer is. Nothing else in the app
/// spells a path, a query parameter, a body shape, or which wire type an answer decodes to.
enum StoreEndpoints {
    /// One call of the API: the request, its body, what HTTP does not say of it, and its
    /// answer: the wire type `Wire` a 2xx body decodes to, and `toDomain`, which maps
    /// that to the domain's `Value`, refusing what breaks the domain's rules.
    struct Call<Wire: Decodable, Value>: Sendable {
        var request: HTTPRequest
        var body: [UInt8]?
        /// Whether the bearer token goes with it (see `ExchangeContext`).
        var requiresAuthentication: Bool
        let toDomain: @Sendable (Wire) throws(StoreError) -> Value

        /// How a failure to read the answer names this call: `GET /auth/me: `.
        var failurePrefix: String { "\(request.method.rawValue) \(path): " }
        /// The request target, as the request line carries it and the cache keys it.
        var target: String { request.path ?? "" }
        /// The path alone, for a message, where the query is noise.
        var path: Substring { target.prefix { $0 != "?" } }
        /// `METHOD TARGET`, as the `--verbose` line names the exchange.
        var requestLine: String { "\(request.method.rawValue) \(target)" }

        /// A 2xx body as `Wire`; a failure names the call and the field. An answer whose
        /// status says it all (`StatusOnlyAnswer`) reads no body.
        func decode(_ body: [UInt8]) throws(StoreError) -> Wire {
            if let statusOnly = Wire.self as? any StatusOnlyAnswer.Type, let answer = statusOnly.init() as? Wire {
                return answer
            }
            do {
                return try JSONDecoder().decode(Wire.self, from: Data(body))
            } catch {
                throw .unusableResponse(Diagnostic(failurePrefix + DecodingFailure.describe(error)))
            }
        }

        /// A 2xx body as the domain's value: decoded, then mapped.
        func value(from body: [UInt8]) throws(StoreError) -> Value {
            try toDomain(try decode(body))
        }
    }

    static func logIn(username: String, password: String, expiresInMinutes: Int? = nil) throws(NetworkError) -> Call<LoginResponseDTO, SignedIn> {
        let body = LoginRequestDTO(username: username, password: password, expiresInMins: expiresInMinutes)
        return Call(request: request(.post, "/auth/login", json: true), body: try encode(body), requiresAuthentication: false) { answer throws(StoreError) in
            try answer.toDomain()
        }
    }

    static let currentUser: Call<UserDTO, User> = Call(request: request(.get, "/auth/me"), requiresAuthentication: true) { user throws(StoreError) in
        try user.toDomain()
    }

    /// Renews `current`: the answer is `current` with the new tokens, for the same user.
    static func refresh(renewing current: Session, expiresInMinutes: Int? = nil) throws(NetworkError) -> Call<RefreshResponseDTO, Session> {
        let body = RefreshRequestDTO(refreshToken: current.refreshToken, expiresInMins: expiresInMinutes)
        return Call(request: request(.post, "/auth/refresh", json: true), body: try encode(body), requiresAuthentication: false) { tokens throws(StoreError) in
            try tokens.toDomain(renewing: current)
        }
    }

    /// Ends `session` at the store (RFC 7009): its refresh token, in a form, which ends
    /// every token of its login. Sent without the bearer token: the token in the form is
    /// the credential, and a 401 must not start a refresh on the way out.
    static func revoke(_ session: Session) -> Call<RevocationAnswerDTO, Void> {
        let form = formEncoded([("token", session.refreshToken), ("token_type_hint", "refresh_token")])
        let request = HTTPRequest(
            method: .post, scheme: nil, authority: nil, path: "/auth/revoke", headerFields: [.contentType: "application/x-www-form-urlencoded"]
        )
        return Call(request: request, body: Array(form.utf8), requiresAuthentication: false) { _ throws(StoreError) in }
    }

    /// Always through `/auth/products/search`, so a search is an authenticated request.
    static func search(_ query: SearchQuery) -> Call<ProductSearchResponseDTO, ProductPage> {
        let target = "/auth/products/search" + queryString([("q", query.text)] + paging(query.paging))
        return Call(request: request(.get, target), requiresAuthentication: true) { page throws(StoreError) in
            try page.toDomain(for: query.paging, named: "search")
        }
    }

    static func product(_ id: ProductID) -> Call<ProductDTO, Product> {
        Call(request: request(.get, "/auth/products/\(id.rawValue)"), requiresAuthentication: true) { product throws(StoreError) in
            try product.toDomain()
        }
    }

    static let categories: Call<[CategoryDTO], [Category]> = Call(request: request(.get, "/auth/products/categories"), requiresAuthentication: true) { list throws(StoreError) in
        try list.toDomain()
    }

    /// The slug is safe in a path segment: `CategorySlug` allows only `a-z`, `0-9` and `-`.
    static func category(_ query: CategoryQuery) -> Call<ProductSearchResponseDTO, ProductPage> {
        let target = "/auth/products/category/\(query.slug.rawValue)" + queryString(paging(query.paging))
        return Call(request: request(.get, target), requiresAuthentication: true) { page throws(StoreError) in
            try page.toDomain(for: query.paging, named: "category")
        }
    }

    /// One page of a user's posts: only ever the signed-in user's, whose id the
    /// repository takes from the session (`StoreClient.signedInUserID`).
    static func posts(ofUser userID: Int, _ page: Paging) -> Call<PostPageDTO, PostPage> {
        let target = "/auth/posts/user/\(userID)" + queryString(paging(page))
        return Call(request: request(.get, target), requiresAuthentication: true) { posts throws(StoreError) in
            try posts.toDomain(for: page)
        }
    }

    /// The signed-in user's cart, whose id the repository takes from the session.
    static func cart(ofUser userID: Int) -> Call<CartListDTO, Cart> {
        Call(request: request(.get, "/auth/carts/user/\(userID)"), requiresAuthentication: true) { carts throws(StoreError) in
            try carts.toDomain()
        }
    }

    /// Adds `quantity` of `product` to the signed-in user's cart: a write, so it carries
    /// `key` (a UUID), the same for the same write sent again, as a Structured Field
    /// String (PROTOCOL.md, `POST /auth/carts/add`).
    static func addToCart(ofUser userID: Int, _ product: ProductID, quantity: Int, key: UUID) throws(NetworkError) -> Call<CartDTO, Cart> {
        let body = CartAddRequestDTO(userId: userID, products: [.init(id: product.rawValue, quantity: quantity)])
        var request = request(.post, "/auth/carts/add", json: true)
        guard let idempotencyKey = HTTPField.Name("Idempotency-Key") else {
            throw .unencodableRequest(reason: "Idempotency-Key is not a field name")
        }
        request.headerFields[idempotencyKey] = "\"\(key.uuidString.lowercased())\""
        return Call(request: request, body: try encode(body), requiresAuthentication: true) { cart throws(StoreError) in
            try cart.toDomain()
        }
    }

    /// A page as DummyJSON asks for it: how many, after how many.
    private static func paging(_ paging: Paging) -> [(name: String, value: String)] {
        [("limit", String(paging.pageSize)), ("skip", String(paging.skip))]
    }

    /// A request in origin form: the adapter knows the backend's scheme and authority.
    private static func request(_ method: HTTPRequest.Method, _ target: String, json: Bool = false) -> HTTPRequest {
        HTTPRequest(method: method, scheme: nil, authority: nil, path: target, headerFields: json ? [.contentType: "application/json"] : [:])
    }

    /// The body's JSON, its keys sorted: the same value is the same bytes every time, as
    /// a write sent again must be for the store to know it (its fingerprint), and the
    /// encoder's own order is not fixed.
    private static func encode(_ body: some Encodable) throws(NetworkError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try [UInt8](encoder.encode(body))
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
        return "?" + formEncoded(items)
    }

    /// `name=value&…`, encoded as a query is: also an HTML form's body.
    private static func formEncoded(_ items: [(name: String, value: String)]) -> String {
        items.map { percentEncoded($0.name) + "=" + percentEncoded($0.value) }.joined(separator: "&")
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
