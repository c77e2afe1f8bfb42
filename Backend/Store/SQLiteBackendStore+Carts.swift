import NIOCore
import SQLiteNIO

/// The carts on SQLite: a write is one transaction that claims its key first, so a
/// second caller with the same key waits for the first's end and finds the key kept
/// (`CartRecords` says the contract).
extension SQLiteBackendStore {
    public func cart(of userID: Int) async throws(BackendStoreFailure) -> [CartLineRecord] {
        try await run(Self.selectCart, [.integer(userID)]).compactMap(Self.line)
    }

    public func add(_ addition: CartAddition, now: Int64) async throws(BackendStoreFailure) -> CartWrite {
        let user = SQLiteData.integer(addition.userID)
        let key = SQLiteData.text(addition.key)
        return try await transaction { () async throws(BackendStoreFailure) -> CartWrite in
            // The key is claimed when new, or when what it kept has expired; its answer is
            // written below, before the transaction ends.
            let claimed = try await statement(
                """
                INSERT INTO idempotency_keys (user_id, key, fingerprint, answer, expires) VALUES (?1, ?2, ?3, '', ?4)
                ON CONFLICT (user_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, expires = excluded.expires
                WHERE idempotency_keys.expires < ?5
                RETURNING 1
                """,
                [user, key, .blob(ByteBuffer(bytes: addition.fingerprint)), .integer(Int(addition.keptUntil)), .integer(Int(now))]
            )
            guard !claimed.isEmpty else {
                let kept = try await statement("SELECT fingerprint, answer FROM idempotency_keys WHERE user_id = ?1 AND key = ?2", [user, key])
                guard let row = kept.first, let fingerprint = row.column("fingerprint")?.blob,
                      let answer = row.column("answer")?.string.flatMap([CartLineRecord].init(keptText:)) else {
                    throw BackendStoreFailure("an idempotency key is kept without its answer")
                }
                return Array(fingerprint.readableBytesView) == addition.fingerprint ? .answeredBefore(answer) : .keyReused
            }
            for line in addition.lines {
                try await statement(
                    """
                    INSERT INTO cart_lines (user_id, product_id, quantity) VALUES (?1, ?2, ?3)
                    ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = quantity + excluded.quantity
                    """,
                    [user, .integer(line.productID), .integer(line.quantity)]
                )
            }
            let cart = try await statement(Self.selectCart, [user]).compactMap(Self.line)
            try await statement("UPDATE idempotency_keys SET answer = ?3 WHERE user_id = ?1 AND key = ?2", [user, key, .text(cart.keptText)])
            return .added(cart)
        }
    }

    private static let selectCart = "SELECT product_id, quantity FROM cart_lines WHERE user_id = ?1 ORDER BY product_id"

    private static func line(_ row: SQLiteRow) -> CartLineRecord? {
        guard let productID = row.column("product_id")?.integer, let quantity = row.column("quantity")?.integer else { return nil }
        return CartLineRecord(productID: productID, quantity: quantity)
    }
}
