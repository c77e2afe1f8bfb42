/// Fetches one product's details.
public struct GetProduct: Sendable {
    private let repository: any ProductRepository

    public init(repository: any ProductRepository) {
        self.repository = repository
    }

    /// Asks for product `id`; a `ProductID` is 1 or more, so no other gets this far.
    public func callAsFunction(_ id: ProductID, policy: ReadPolicy = .standard) async throws(StoreError) -> Fetched<Product> {
        try await repository.product(id: id, policy: policy)
    }
}
