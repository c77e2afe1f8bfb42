import Domain

/// A `ProductRepository` that records each call and answers from a script.
public actor SpyProductRepository: ProductRepository {
    public private(set) var searchCalls: [SearchQuery] = []
    public private(set) var productCalls: [ProductID] = []
    /// The read policy of each call, search and product alike, in order.
    public private(set) var policies: [ReadPolicy] = []

    public private(set) var categoryCalls: [CategoryQuery] = []

    private let searchResult: Result<Fetched<ProductPage>, StoreError>
    private let productResult: Result<Fetched<Product>, StoreError>
    private let categoriesResult: Result<Fetched<[Category]>, StoreError>

    public init(
        search: Result<Fetched<ProductPage>, StoreError> = .failure(.unexpected(Diagnostic("search not scripted"))),
        product: Result<Fetched<Product>, StoreError> = .failure(.unexpected(Diagnostic("product not scripted"))),
        categories: Result<Fetched<[Category]>, StoreError> = .failure(.unexpected(Diagnostic("categories not scripted")))
    ) {
        self.searchResult = search
        self.productResult = product
        self.categoriesResult = categories
    }

    public func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        searchCalls.append(query)
        policies.append(policy)
        return try searchResult.get()
    }

    public func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product> {
        productCalls.append(id)
        policies.append(policy)
        return try productResult.get()
    }

    public func categories(policy: ReadPolicy) async throws(StoreError) -> Fetched<[Category]> {
        policies.append(policy)
        return try categoriesResult.get()
    }

    /// A category page is answered like a search: the scripted search result.
    public func products(in query: CategoryQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        categoryCalls.append(query)
        policies.append(policy)
        return try searchResult.get()
    }
}
