import Domain

/// The signed-in user's cart through the store client: read like the other reads, kept
/// under that user; an add is a write (`StoreClient.write`), which drops the kept cart.
public struct RemoteCartRepository: CartRepository {
    private let client: StoreClient
    private let pendingWrites: PendingWriteKeys

    public init(client: StoreClient, pendingWrites: PendingWriteKeys) {
        self.client = client
        self.pendingWrites = pendingWrites
    }

    public func cart(policy: ReadPolicy) async throws(StoreError) -> Fetched<Cart> {
        let userID = try await client.signedInUserID()
        return try await client.read(StoreEndpoints.cart(ofUser: userID), policy: policy)
    }

    public func add(_ product: ProductID, quantity: Quantity) async throws(StoreError) -> Cart {
        let userID = try await client.signedInUserID()
        return try await client.write(
            { key throws(NetworkError) in try StoreEndpoints.addToCart(ofUser: userID, product, quantity: quantity.rawValue, key: key) },
            keys: pendingWrites,
            invalidating: [StoreEndpoints.cart(ofUser: userID).target]
        )
    }
}
