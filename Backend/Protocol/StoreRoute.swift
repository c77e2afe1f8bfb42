/// Every route of PROTOCOL.md, known from the path alone: which one it is, what it
/// names (a product id, a category slug, a user id), and the one method it takes. One table, so
/// the answer for a path and a 405's `Allow` cannot disagree.
enum StoreRoute: Equatable {
    case logIn
    case me
    case refresh
    case revoke
    case search(signedIn: Bool)
    case categories
    case category(slug: String)
    case product(id: String, signedIn: Bool)
    case userPosts(userID: String)
    case userCarts(userID: String)
    case addToCart

    /// Every path the store serves, as docs/openapi.json writes it, in the order a path
    /// is matched: an exact path before a parameter that shares its prefix
    /// (`/auth/products/categories` before `/auth/products/{id}`).
    static let paths: [StorePath] = [
        StorePath("/auth/login") { _ in .logIn },
        StorePath("/auth/me") { _ in .me },
        StorePath("/auth/refresh") { _ in .refresh },
        StorePath("/auth/revoke") { _ in .revoke },
        StorePath("/auth/products/search") { _ in .search(signedIn: true) },
        StorePath("/products/search") { _ in .search(signedIn: false) },
        StorePath("/auth/products/categories") { _ in .categories },
        StorePath("/auth/products/category/{slug}") { .category(slug: $0) },
        StorePath("/auth/products/{id}") { .product(id: $0, signedIn: true) },
        StorePath("/auth/posts/user/{id}") { .userPosts(userID: $0) },
        StorePath("/auth/carts/user/{id}") { .userCarts(userID: $0) },
        StorePath("/auth/carts/add") { _ in .addToCart },
        StorePath("/products/{id}") { .product(id: $0, signedIn: false) },
    ]

    /// Nil for a path that is no route at all (404, whatever the method).
    init?(path: String) {
        guard let route = Self.paths.lazy.compactMap({ $0.route(for: path) }).first else { return nil }
        self = route
    }

    /// The method the route takes; any other is a 405 naming this one in `Allow`.
    var method: String {
        switch self {
        case .logIn, .refresh, .revoke, .addToCart: "POST"
        case .me, .search, .categories, .category, .product, .userPosts, .userCarts: "GET"
        }
    }
}

/// One path of the store's, as docs/openapi.json writes it: exact, or ending in one
/// parameter (`{id}`) that takes the rest of the path, and the route it makes of it.
struct StorePath: Sendable {
    let template: String
    private let make: @Sendable (_ parameter: String) -> StoreRoute

    init(_ template: String, make: @escaping @Sendable (_ parameter: String) -> StoreRoute) {
        self.template = template
        self.make = make
    }

    /// The route `path` is, when it is this one.
    func route(for path: String) -> StoreRoute? {
        guard let brace = template.firstIndex(of: "{") else { return path == template ? make("") : nil }
        let prefix = template[..<brace]
        return path.hasPrefix(prefix) ? make(String(path.dropFirst(prefix.count))) : nil
    }
}
