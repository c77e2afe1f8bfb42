/// Finds the signed-in user's cart.
public struct ShowCart: Sendable {
    private let repository: any CartRepository

    public init(repository: any CartRepository) {
        self.repository = repository
    }

    public func callAsFunction(policy: ReadPolicy = .standard) async throws(StoreError) -> Fetched<Cart> {
        try await repository.cart(policy: policy)
    }
}
