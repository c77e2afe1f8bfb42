import NIOCore
import PostgresNIO

/// The carts on PostgreSQL: a write is one transaction that claims its key first. Of two
/// gateways with one key at once, the second's claim waits on the first's row, and then
/// finds the key kept (`CartRecords` says the contract).
extension PostgresBackendStore {
    public func cart(of userID: Int) async throws(BackendStoreFailure) -> [CartLineRecord] {
        try await bounded {
            var lines: [CartLineRecord] = []
            let statement: PostgresQuery = "SELECT product_id, quantity FROM public.cart_lines WHERE user_id = \(userID) ORDER BY product_id"
            for try await (productID, quantity) in try await self.client.query(statement).decode((Int, Int).self) {
                lines.append(CartLineRecord(productID: productID, quantity: quantity))
            }
            return lines
        }
    }

    public func add(_ addition: CartAddition, now: Int64) async throws(BackendStoreFailure) -> CartWrite {
        let logger = self.logger
        return try await bounded {
            try await self.client.withTransaction(logger: logger) { connection in
                let user = addition.userID
                let key = addition.key
                // The key is claimed when new, or when what it kept has expired; its
                // answer is written below, before the transaction ends.
                var claimed = false
                for try await _ in try await connection.query("""
                    INSERT INTO public.idempotency_keys (user_id, key, fingerprint, answer, expires)
                    VALUES (\(user), \(key), \(ByteBuffer(bytes: addition.fingerprint)), '', \(addition.keptUntil))
                    ON CONFLICT (user_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, expires = excluded.expires
                    WHERE public.idempotency_keys.expires < \(now)
                    RETURNING 1
                    """, logger: logger) { claimed = true }
                guard claimed else {
                    let kept = try await connection.query(
                        "SELECT fingerprint, answer FROM public.idempotency_keys WHERE user_id = \(user) AND key = \(key)", logger: logger
                    )
                    for try await (fingerprint, answer) in kept.decode((ByteBuffer, String).self) {
                        guard let lines = [CartLineRecord](keptText: answer) else { break }
                        return Array(fingerprint.readableBytesView) == addition.fingerprint ? CartWrite.answeredBefore(lines) : .keyReused
                    }
                    throw BackendStoreFailure("an idempotency key is kept without its answer")
                }
                for line in addition.lines {
                    for try await _ in try await connection.query("""
                        INSERT INTO public.cart_lines (user_id, product_id, quantity) VALUES (\(user), \(line.productID), \(line.quantity))
                        ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = public.cart_lines.quantity + excluded.quantity
                        RETURNING 1
                        """, logger: logger) {}
                }
                var cart: [CartLineRecord] = []
                let selected = try await connection.query(
                    "SELECT product_id, quantity FROM public.cart_lines WHERE user_id = \(user) ORDER BY product_id", logger: logger
                )
                for try await (productID, quantity) in selected.decode((Int, Int).self) {
                    cart.append(CartLineRecord(productID: productID, quantity: quantity))
                }
                for try await _ in try await connection.query(
                    "UPDATE public.idempotency_keys SET answer = \(cart.keptText) WHERE user_id = \(user) AND key = \(key) RETURNING 1",
                    logger: logger
                ) {}
                return CartWrite.added(cart)
            }
        }
    }
}
