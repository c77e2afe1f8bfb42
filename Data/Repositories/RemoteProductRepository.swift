import Domain

/// Searches the catalogue through the store client, which decides when a kept page
/// answers instead. Each read is one call: the request, the wire type, the policy,
/// and the domain's check of the answer.
public struct RemoteProductRepository: ProductRepository {
    private let client: StoreClient

    public init(client: StoreClient) {
        self.client = client
    }

    public func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        try await client.read(StoreEndpoints.search(query), as: ProductSearchResponseDTO.self, policy: policy) { page throws(StoreError) in
            try page.toDomain(for: query.paging, named: "search")
        }
    }

    public func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product> {
        try await client.read(StoreEndpoints.product(id), as: ProductDTO.self, policy: policy) { product throws(StoreError) in
            try product.toDomain()
        }
    }

    public func categories(policy: ReadPolicy) async throws(StoreError) -> Fetched<[Category]> {
        try await client.read(StoreEndpoints.categories, as: [CategoryDTO].self, policy: policy) { list throws(StoreError) in
            try list.toDomain()
        }
    }

    public func products(in query: CategoryQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        try await client.read(StoreEndpoints.category(query), as: ProductSearchResponseDTO.self, policy: policy) { page throws(StoreError) in
            try page.toDomain(for: query.paging, named: "category")
        }
    }
}
