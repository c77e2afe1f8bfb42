import Domain

/// A `ProductRepository` that records each call and answers from a script.
actor FakeProductRepository: ProductRepository {
    private(set) var searchCalls: [SearchQuery] = []
    private(set) var productCalls: [ProductID] = []

    private let searchResult: Result<Fetched<ProductPage>, StoreError>
    private let productResult: Result<Fetched<Product>, StoreError>

    init(
        search: Result<Fetched<ProductPage>, StoreError> = .failure(.unexpected(detail: "search not scripted")),
        product: Result<Fetched<Product>, StoreError> = .failure(.unexpected(detail: "product not scripted"))
    ) {
        self.searchResult = search
        self.productResult = product
    }

    func search(_ query: SearchQuery) async throws(StoreError) -> Fetched<ProductPage> {
        searchCalls.append(query)
        return try searchResult.get()
    }

    func product(id: ProductID) async throws(StoreError) -> Fetched<Product> {
        productCalls.append(id)
        return try productResult.get()
    }
}
