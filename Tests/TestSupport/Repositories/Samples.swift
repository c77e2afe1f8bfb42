import Domain

/// Ready-made domain values for tests. Built with `try` so a broken invariant in a
/// sample fails the test that uses it instead of trapping.
public enum Samples {
    public static func user() throws -> User {
        try User(
            id: UserID(1),
            username: "emilys",
            email: "emily.johnson@x.dummyjson.com",
            firstName: "Emily",
            lastName: "Johnson",
            imageURL: "https://example.invalid/icon/emilys/128"
        )
    }

    public static func product(id: Int = 101, title: String = "Apple AirPods Max Silver") throws -> Product {
        try Product(
            id: ProductID(id),
            title: title,
            description: "Over-ear headphones.",
            category: "mobile-accessories",
            brand: "Apple",
            price: Money(minorUnits: 54999, currency: .usd),
            discountPercentage: 13.67,
            rating: 3.47,
            stock: 59,
            tags: ["audio"],
            thumbnailURL: "https://example.invalid/thumb.png"
        )
    }

    public static func page(count: Int = 2, total: Int = 23, page: Int = 1, pageSize: Int = 10) throws -> ProductPage {
        let products = try (0..<count).map { try product(id: 100 + $0) }
        return try ProductPage(items: products, total: total, paging: Paging(page: page, pageSize: pageSize))
    }

    /// Every error a repository can throw, to check that each passes through unchanged.
    public static let repositoryErrors: [StoreError] = [
        .invalidCredentials, .notSignedIn, .sessionExpired, .offline,
        .unusableResponse(Diagnostic("bad JSON")), .notFound, .unexpected(Diagnostic("boom")),
    ]
}
