import Domain

/// Searches the catalogue through the store client, which decides when a kept page
/// answers instead. Each read is one call, which says what its answer is, and a policy.
public struct RemoteProductRepository: ProductRepository {
    private let client: StoreClient

    public init(client: StoreClient) {
        self.client = client
    }

    public func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        try await client.read(StoreEndpoints.search(query), policy: policy)
    }

    public func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product> {
        try await client.read(StoreEndpoints.product(id), policy: policy)
    }

    public func categories(policy: ReadPolicy) async throws(StoreError) -> Fetched<[Category]> {
        try await client.read(StoreEndpoints.categories, policy: policy)
    }

    public func products(in query: CategoryQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        try await client.read(StoreEndpoints.category(query), policy: policy)
    }
}
