import Domain

/// A product repository that answers every search, and every product, with one scripted result.
struct StubProductRepository: ProductRepository {
    var result: Result<Fetched<ProductPage>, StoreError> = .failure(.offline)
    var productResult: Result<Fetched<Product>, StoreError> = .failure(.notFound)
    var categoriesResult: Result<Fetched<[Category]>, StoreError> = .failure(.offline)

    func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        try result.get()
    }

    func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product> {
        try productResult.get()
    }

    func categories(policy: ReadPolicy) async throws(StoreError) -> Fetched<[Category]> {
        try categoriesResult.get()
    }

    /// A category page is answered like a search: `result`.
    func products(in query: CategoryQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        try result.get()
    }
}

/// An auth repository with scripted answers.
struct StubAuthRepository: AuthRepository {
    var logInResult: Result<User, StoreError> = .failure(.invalidCredentials)
    var currentUserResult: Result<Fetched<User>, StoreError> = .failure(.notSignedIn)

    func logIn(_ credentials: Credentials) async throws(StoreError) -> User {
        try logInResult.get()
    }

    func currentUser(policy: ReadPolicy) async throws(StoreError) -> Fetched<User> {
        try currentUserResult.get()
    }

    func logOut() async throws(StoreError) {}
}

enum Sample {
    static func user() throws -> User {
        try User(id: UserID(1), username: "emilys", email: "emily.johnson@x.dummyjson.com", firstName: "Emily", lastName: "Johnson", imageURL: "")
    }

    static func product(_ id: Int, _ title: String, brand: String?, cents: Int, rating: Double = 4.5, stock: Int = 7) throws -> Product {
        try Product(
            id: ProductID(id), title: title, description: "", category: "smartphones", brand: brand,
            price: Money(minorUnits: cents, currency: .usd), discountPercentage: 0, rating: rating, stock: stock,
            tags: [], thumbnailURL: ""
        )
    }

    static func page() throws -> ProductPage {
        try ProductPage(
            products: [
                product(11, "iPhone 9", brand: "Apple", cents: 54999, rating: 4.69, stock: 94),
                product(12, "Café Crème Mug", brand: nil, cents: 999, rating: 3, stock: 5),
                product(13, "日本のスマートフォン", brand: "Sony", cents: 129_900, rating: 4.1, stock: 120),
            ],
            total: 23, page: 2, pageSize: 10
        )
    }
}
