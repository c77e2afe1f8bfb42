/// Finds one page of the products in a category.
public struct BrowseCategory: Sendable {
    private let repository: any ProductRepository

    public init(repository: any ProductRepository) {
        self.repository = repository
    }

    /// Validates the slug, page and page size first: a bad one is answered here,
    /// without a round trip.
    public func callAsFunction(
        slug: String,
        page: Int = 1,
        pageSize: Int = Paging.defaultPageSize,
        policy: ReadPolicy = .standard
    ) async throws(StoreError) -> Fetched<ProductPage> {
        let query: CategoryQuery
        do {
            query = try CategoryQuery(slug: slug, page: page, pageSize: pageSize)
        } catch {
            throw .invalidInput(error)
        }
        return try await repository.products(in: query, policy: policy)
    }
}
