/// The catalogue. Implemented by the Data layer.
public protocol ProductRepository: Sendable {
    /// One page of products matching the query, as `policy` allows: a fresh cached
    /// page, the backend's, or a cached one when the backend cannot be reached.
    func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage>

    /// One product by its identifier, under the same rules as `search`.
    func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product>

    /// The store's categories, under the same rules as `search`.
    func categories(policy: ReadPolicy) async throws(StoreError) -> Fetched<[Category]>

    /// One page of a category's products, under the same rules as `search`. An unknown
    /// category is an empty page, as the store answers it.
    func products(in query: CategoryQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage>
}
