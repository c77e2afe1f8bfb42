/// Finds one page of products matching a text.
public struct SearchProducts: Sendable {
    private let repository: any ProductRepository

    public init(repository: any ProductRepository) {
        self.repository = repository
    }

    /// Validates text, page and page size first: an empty query or `--limit 0` is
    /// answered here, without a round trip.
    public func callAsFunction(
        text: String,
        page: Int = 1,
        pageSize: Int = Paging.defaultPageSize,
        policy: ReadPolicy = .standard
    ) async throws(StoreError) -> Fetched<ProductPage> {
        let query: SearchQuery
        do {
            query = try SearchQuery(text: text, page: page, pageSize: pageSize)
        } catch {
            throw .invalidInput(error)
        }
        return try await self(query, policy: policy)
    }

    /// For a caller that already holds a valid query (the command line built it while
    /// checking its options): the rules are `SearchQuery`'s, applied once.
    public func callAsFunction(_ query: SearchQuery, policy: ReadPolicy = .standard) async throws(StoreError) -> Fetched<ProductPage> {
        try await repository.search(query, policy: policy)
    }
}
