/// Each user's cart, and the writes to it, by their idempotency keys
/// (draft-ietf-httpapi-idempotency-key-header): a write sent again with its key is
/// answered as it was the first time, and adds nothing.
public protocol CartRecords: Sendable {
    /// The lines of `userID`'s cart, in product id order; none when they added nothing.
    func cart(of userID: Int) async throws(BackendStoreFailure) -> [CartLineRecord]
    /// Adds `addition`'s lines to its user's cart and keeps its key with the cart that
    /// results, until `addition.keptUntil`, in one transaction, when the key is not
    /// kept alive at `now`. When it is: the cart kept with it for the same fingerprint,
    /// `.keyReused` for another. Of two callers with one key at once, one adds.
    func add(_ addition: CartAddition, now: Int64) async throws(BackendStoreFailure) -> CartWrite
}
