import NIOCore
import PostgresNIO

/// Sealed requests' admissions as PostgreSQL runs them, a batch in one statement: each
/// request remembered while its share has room, the shares' count raised by those
/// remembered, and for each one remembered now the access token whose digest it gives
/// read with it (an empty digest reads none). Prepared once a connection, since parsing
/// and planning it was half of what the server spent on each signed-in search;
/// `PostgresBackendStore.admit` says what its rows mean.
///
/// The count's row is locked first, and read as the last gateway to hold it left it, so
/// gateways take turns at it, a batch at a time (which also keeps two of them from
/// waiting for each other's rows in a circle), and never remember more than the limit
/// between them. Room is given in `enc`'s order within each share, replays included, so
/// near the limit a batch may leave room unused until the next. A batch holds each `enc`
/// once: a statement may not insert one row twice. An expired memory is renewed by the
/// `now` of the request that renews it. Each token is read by a subquery, which
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
        ), room AS (
            SELECT served, refused FROM public.replay_counts WHERE id = 1 FOR UPDATE
        ), placed AS (
            SELECT input.*, row_number() OVER (PARTITION BY input.refused ORDER BY input.enc) AS place FROM input
        ), admitted AS (
            INSERT INTO public.replays (enc, expires, refused)
            SELECT placed.enc, placed.expires, placed.refused FROM placed, room
            WHERE placed.place <= CASE WHEN placed.refused THEN $7 - room.refused ELSE $6 - room.served END
            ON CONFLICT (enc) DO UPDATE SET expires = excluded.expires, refused = excluded.refused
                WHERE replays.expires < (SELECT now FROM input WHERE input.enc = excluded.enc)
            RETURNING enc, refused
        ), counted AS (
            UPDATE public.replay_counts
            SET served = served + (SELECT count(*) FROM admitted WHERE NOT admitted.refused),
                refused = refused + (SELECT count(*) FROM admitted WHERE admitted.refused)
            WHERE id = 1
        )
        SELECT admitted.enc,
            (SELECT user_id FROM public.tokens WHERE digest = input.digest AND kind = 'access'),
            (SELECT expires FROM public.tokens WHERE digest = input.digest AND kind = 'access')
        FROM admitted JOIN input ON input.enc = admitted.enc
        """

    static let bindingDataTypes: [PostgresDataType] = [.byteaArray, .int8Array, .boolArray, .int8Array, .byteaArray, .int8, .int8]

    /// The batch, each `enc` once.
    let requests: [AdmissionBatch.Request]
    /// The limit of each share.
    let capacity: ReplayCapacity

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 7)
        bindings.append(requests.map { ByteBuffer(bytes: $0.enc) })
        bindings.append(requests.map(\.expiry))
        bindings.append(requests.map(\.refused))
        bindings.append(requests.map(\.now))
        bindings.append(requests.map { ByteBuffer(bytes: $0.digest) })
        bindings.append(Int64(capacity.limit(of: .served)))
        bindings.append(Int64(capacity.limit(of: .refused)))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode((ByteBuffer, Int?, Int64?).self)
    }
}
