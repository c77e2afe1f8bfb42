/// Adds a product to the signed-in user's cart, and gives the cart that results.
public struct AddToCart: Sendable {
    private let repository: any CartRepository

    public init(repository: any CartRepository) {
        self.repository = repository
    }

    /// Adds `quantity` of `product`; both are valid, as their types make sure.
    public func callAsFunction(_ product: ProductID, quantity: Quantity) async throws(StoreError) -> Cart {
        try await repository.add(product, quantity: quantity)
    }
}
