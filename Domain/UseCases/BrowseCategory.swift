/// Finds one page of the products in a category.
public struct BrowseCategory: Sendable {
    private let repository: any ProductRepository

    public init(repository: any ProductRepository) {
        self.repository = repository
    }

    /// Asks for one page of `query`'s category; the query is valid, as `CategoryQuery`
    /// makes sure, so a bad slug or page never gets this far.
    public func callAsFunction(_ query: CategoryQuery, policy: ReadPolicy = .standard) async throws(StoreError) -> Fetched<ProductPage> {
        try await repository.products(in: query, policy: policy)
    }
}
