/// Fetches one product's details.
public struct GetProduct: Sendable {
    private let repository: any ProductRepository

    public init(repository: any ProductRepository) {
        self.repository = repository
    }

    /// Refuses identifiers below 1 before asking the repository.
    public func callAsFunction(id: Int, policy: ReadPolicy = .standard) async throws(StoreError) -> Fetched<Product> {
        let productID: ProductID
        do {
            productID = try ProductID(id)
        } catch {
            throw .invalidInput(error)
        }
        return try await repository.product(id: productID, policy: policy)
    }
}
