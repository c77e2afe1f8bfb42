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

    /// Nil for a path that is no route at all (404, whatever the method).
    init?(path: String) {
        switch path {
        case "/auth/login": self = .logIn
        case "/auth/me": self = .me
        case "/auth/refresh": self = .refresh
        case "/auth/revoke": self = .revoke
        case "/auth/products/search": self = .search(signedIn: true)
        case "/products/search": self = .search(signedIn: false)
        // Before the product routes: "categories" and "category/…" share their prefix.
        case "/auth/products/categories": self = .categories
        case _ where path.hasPrefix("/auth/products/category/"):
            self = .category(slug: String(path.dropFirst("/auth/products/category/".count)))
        case _ where path.hasPrefix("/auth/products/"):
            self = .product(id: String(path.dropFirst("/auth/products/".count)), signedIn: true)
        case _ where path.hasPrefix("/auth/posts/user/"):
            self = .userPosts(userID: String(path.dropFirst("/auth/posts/user/".count)))
        case _ where path.hasPrefix("/products/"):
            self = .product(id: String(path.dropFirst("/products/".count)), signedIn: false)
        default:
            return nil
        }
    }

    /// The method the route takes; any other is a 405 naming this one in `Allow`.
    var method: String {
        switch self {
        case .logIn, .refresh, .revoke: "POST"
        case .me, .search, .categories, .category, .product, .userPosts: "GET"
        }
    }
}
