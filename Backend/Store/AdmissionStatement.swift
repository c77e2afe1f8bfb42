import NIOCore
import PostgresNIO

/// Sealed requests' admissions as PostgreSQL runs them, a batch in one statement: each
/// request remembered, and for each one remembered now the access token whose digest it
/// gives read with it (an empty digest reads none). Prepared once a connection, since
/// parsing and planning it was half of what the server spent on each signed-in search;
/// `PostgresBackendStore.admit` says what its rows mean.
///
/// A batch holds each `enc` once: a statement may not insert one row twice. Its rows
/// are inserted in `enc`'s order, so two gateways inserting some of the same requests
/// wait for each other in one order, never in a circle. An expired memory is renewed by
/// the `now` of the request that renews it. Each token is read by a subquery, which
/// PostgreSQL answers from the tokens' index whatever their count when it planned the
/// statement: a join, planned on the empty tables of a new store, read every token of
/// each batch once they were many.
struct AdmissionStatement: PostgresPreparedStatement {
    /// A request remembered now, with the token read for it (NULLs when none is kept).
    typealias Row = (enc: ByteBuffer, userID: Int?, expires: Int64?)

    static let name = "storefront_admit_batch"

    static let sql = """
        WITH input AS (
            SELECT * FROM unnest($1::bytea[], $2::int8[], $3::bool[], $4::int8[], $5::bytea[]) AS input (enc, expires, refused, now, digest)
        ), admitted AS (
            INSERT INTO public.replays (enc, expires, refused)
            SELECT enc, expires, refused FROM input ORDER BY enc
            ON CONFLICT (enc) DO UPDATE SET expires = excluded.expires, refused = excluded.refused
                WHERE replays.expires < (SELECT now FROM input WHERE input.enc = excluded.enc)
            RETURNING enc
        )
        SELECT admitted.enc,
            (SELECT user_id FROM public.tokens WHERE digest = input.digest AND kind = 'access'),
            (SELECT expires FROM public.tokens WHERE digest = input.digest AND kind = 'access')
        FROM admitted JOIN input ON input.enc = admitted.enc
        """

    static let bindingDataTypes: [PostgresDataType] = [.byteaArray, .int8Array, .boolArray, .int8Array, .byteaArray]

    /// The batch, each `enc` once.
    let requests: [AdmissionBatch.Request]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 5)
        bindings.append(requests.map { ByteBuffer(bytes: $0.enc) })
        bindings.append(requests.map(\.expiry))
        bindings.append(requests.map(\.refused))
        bindings.append(requests.map(\.now))
        bindings.append(requests.map { ByteBuffer(bytes: $0.digest) })
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode((ByteBuffer, Int?, Int64?).self)
    }
}
