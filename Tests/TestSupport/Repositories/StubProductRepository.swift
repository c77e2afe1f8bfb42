import Domain

/// A product repository that answers every search, and every product, with one scripted result.
public struct StubProductRepository: ProductRepository {
    public var result: Result<Fetched<ProductPage>, StoreError> = .failure(.offline)
    public var productResult: Result<Fetched<Product>, StoreError> = .failure(.notFound)
    public var categoriesResult: Result<Fetched<[Category]>, StoreError> = .failure(.offline)

    public init(
        result: Result<Fetched<ProductPage>, StoreError> = .failure(.offline),
        productResult: Result<Fetched<Product>, StoreError> = .failure(.notFound),
        categoriesResult: Result<Fetched<[Category]>, StoreError> = .failure(.offline)
    ) {
        self.result = result
        self.productResult = productResult
        self.categoriesResult = categoriesResult
    }

    public func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        try result.get()
    }

    public func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product> {
        try productResult.get()
    }

    public func categories(policy: ReadPolicy) async throws(StoreError) -> Fetched<[Category]> {
        try categoriesResult.get()
    }

    /// A category page is answered like a search: `result`.
    public func products(in query: CategoryQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        try result.get()
    }
}
