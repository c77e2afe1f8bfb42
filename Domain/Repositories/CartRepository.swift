/// The signed-in user's cart. Implemented by the Data layer.
public protocol CartRepository: Sendable {
    /// The cart as `policy` allows: a fresh kept one, the backend's, or a kept one when
    /// the backend cannot be reached. `notSignedIn` when no one is.
    func cart(policy: ReadPolicy) async throws(StoreError) -> Fetched<Cart>
    /// Adds `quantity` of `product` to the cart, and gives the cart that results: a write,
    /// never answered from what is kept, and sent once. `outcomeUnknown` when it went out
    /// and no answer says whether it was done: the same call again does it at most once.
    func add(_ product: ProductID, quantity: Quantity) async throws(StoreError) -> Cart
}
