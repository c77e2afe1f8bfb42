import NIOCore
import PostgresNIO

/// The sealed request's admission as PostgreSQL runs it: the request remembered, and the
/// access token whose digest is given read with it (none for a NULL digest). Prepared
/// once a connection, since parsing and planning it was half of what the server spent
/// on each signed-in search; `PostgresBackendStore.admit` says what its rows mean.
struct AdmissionStatement: PostgresPreparedStatement {
    typealias Row = (userID: Int?, expires: Int64?)

    static let name = "storefront_admit_reading_access"

    static let sql = """
        WITH admitted AS (
            INSERT INTO public.replays (enc, expires, refused) VALUES ($1, $2, $3)
            ON CONFLICT (enc) DO UPDATE SET expires = excluded.expires, refused = excluded.refused WHERE replays.expires < $4
            RETURNING 1
        )
        SELECT tokens.user_id, tokens.expires FROM admitted
        LEFT JOIN public.tokens ON tokens.digest = $5 AND tokens.kind = 'access'
        """

    /// Named, not inferred from the first call's values: a NULL digest has no type.
    static let bindingDataTypes: [PostgresDataType] = [.bytea, .int8, .bool, .int8, .bytea]

    let enc: [UInt8]
    let expiry: Int64
    let refused: Bool
    let now: Int64
    let digest: [UInt8]?

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 5)
        bindings.append(ByteBuffer(bytes: enc))
        bindings.append(expiry)
        bindings.append(refused)
        bindings.append(now)
        bindings.append(digest.map { ByteBuffer(bytes: $0) })
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode((Int?, Int64?).self)
    }
}
