/// The catalogue. Implemented by the Data layer.
public protocol ProductRepository: Sendable {
    /// One page of products matching the query: from the backend, else from the cache.
    func search(_ query: SearchQuery) async throws(StoreError) -> Fetched<ProductPage>

    /// One product by its identifier: from the backend, else from the cache.
    func product(id: ProductID) async throws(StoreError) -> Fetched<Product>
}
