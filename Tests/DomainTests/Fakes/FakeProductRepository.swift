import Domain

/// A `ProductRepository` that records each call and answers from a script.
actor FakeProductRepository: ProductRepository {
    private(set) var searchCalls: [SearchQuery] = []
    private(set) var productCalls: [ProductID] = []
    /// The read policy of each call, search and product alike, in order.
    private(set) var policies: [ReadPolicy] = []

    private let searchResult: Result<Fetched<ProductPage>, StoreError>
    private let productResult: Result<Fetched<Product>, StoreError>

    init(
        search: Result<Fetched<ProductPage>, StoreError> = .failure(.unexpected(detail: "search not scripted")),
        product: Result<Fetched<Product>, StoreError> = .failure(.unexpected(detail: "product not scripted"))
    ) {
        self.searchResult = search
        self.productResult = product
    }

    func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        searchCalls.append(query)
        policies.append(policy)
        return try searchResult.get()
    }

    func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product> {
        productCalls.append(id)
        policies.append(policy)
        return try productResult.get()
    }
}
