/// Lists the store's categories.
public struct ListCategories: Sendable {
    private let repository: any ProductRepository

    public init(repository: any ProductRepository) {
        self.repository = repository
    }

    public func callAsFunction(policy: ReadPolicy = .standard) async throws(StoreError) -> Fetched<[Category]> {
        try await repository.categories(policy: policy)
    }
}
