import NIOCore
import SQLiteNIO

/// The token records on SQLite: each operation one statement, or one write transaction
/// where a spend and the new pair must commit together (`TokenRecords` says the contract).
extension SQLiteBackendStore {
    public func keep(_ pair: TokenPairRecord, userID: Int, family: [UInt8]) async throws(BackendStoreFailure) {
        try await run(Self.insertPair, Self.binds(pair, userID: userID, family: .blob(ByteBuffer(bytes: family))))
    }

    /// Both tokens of a pair in one statement, so both or neither are kept.
    private static let insertPair = """
        INSERT INTO tokens (digest, kind, user_id, expires, family) VALUES (?1, 'access', ?2, ?3, ?6), (?4, 'refresh', ?2, ?5, ?6)
        """

    private static func binds(_ pair: TokenPairRecord, userID: Int, family: SQLiteData) -> [SQLiteData] {
        [.blob(ByteBuffer(bytes: pair.accessDigest)), .integer(userID), .integer(Int(pair.accessExpires)),
         .blob(ByteBuffer(bytes: pair.refreshDigest)), .integer(Int(pair.refreshExpires)), family]
    }

    public func access(_ digest: [UInt8]) async throws(BackendStoreFailure) -> AccessTokenRecord? {
        let rows = try await run(
            "SELECT user_id, expires FROM tokens WHERE digest = ?1 AND kind = 'access'",
            [.blob(ByteBuffer(bytes: digest))]
        )
        guard let row = rows.first, let userID = row.column("user_id")?.integer, let expires = row.column("expires")?.integer else { return nil }
        return AccessTokenRecord(userID: userID, expires: Int64(expires))
    }

    public func rotate(refresh digest: [UInt8], now: Int64, into pair: TokenPairRecord) async throws(BackendStoreFailure) -> Rotation {
        // SQLite's common table expressions only read, so the spend and the new pair are
        // two statements in a transaction of their own: `IMMEDIATE` takes the write lock
        // first, so another process's spend of the same token waits for this one's end.
        let token = SQLiteData.blob(ByteBuffer(bytes: digest))
        return try await transaction { () async throws(BackendStoreFailure) -> Rotation in
            let spent = try await statement(
                "UPDATE tokens SET spent = 1 WHERE digest = ?1 AND kind = 'refresh' AND spent = 0 AND expires > ?2 RETURNING user_id, family",
                [token, .integer(Int(now))]
            )
            if let row = spent.first, let userID = row.column("user_id")?.integer, let family = row.column("family") {
                try await statement(Self.insertPair, Self.binds(pair, userID: userID, family: family))
                return .rotated(userID: userID)
            }
            let ended = try await statement(
                "DELETE FROM tokens WHERE family = (SELECT family FROM tokens WHERE digest = ?1 AND kind = 'refresh' AND spent = 1) RETURNING 1",
                [token]
            )
            return ended.isEmpty ? .unknown : .reused
        }
    }

    public func revoke(_ digest: [UInt8]) async throws(BackendStoreFailure) {
        try await run("DELETE FROM tokens WHERE family = (SELECT family FROM tokens WHERE digest = ?1)", [.blob(ByteBuffer(bytes: digest))])
    }
}
