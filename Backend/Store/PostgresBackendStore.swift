import Infrastructure
import Logging
import NIOCore
import PostgresNIO

/// The backend's store in PostgreSQL: for several gateways, on several machines,
/// serving one store (`serve --database postgres://…`).
///
/// The same tables and the same operations as `SQLiteBackendStore`, each one statement
/// where it can be, so each is atomic across every gateway: an insert that conflicts is the
/// replay; a refresh is an update that marks its token spent with the new pair's insert in
/// the same statement, where SQLite needs a transaction. A signed-in request's admission
/// reads its token, and counts itself against the memory's capacity, in the same statement
/// too, so it costs one round trip, and the admissions that come while one is with the
/// database share the next (`AdmissionBatches`). A cart's write is a transaction
/// (`PostgresBackendStore+Carts.swift`). The tables are named in full (`public.tokens`,
/// `public.replays`, …), and refused when another role owns them; the schema is made at
/// start-up (`PostgresBackendStore+Schema.swift`). Every operation has a deadline
/// (`deadline`): a database that does not answer is a failure (503), never a request left
/// hanging or served unrecorded.
public final class PostgresBackendStore: BackendStore {
    let client: PostgresClient
    /// The task running the client's connection pool, cancelled by `close`.
    private let running: Task<Void, Never>
    private let capacity: ReplayCapacity
    let deadline: Duration
    /// Where the client's own lines and the store's transactions log.
    let logger: Logger
    /// The admissions that come while one batch of them is with the database, sent
    /// together as the next.
    private let admissions: AdmissionBatches<AdmissionBatch.Request, AdmissionBatch.Answer>

    private init(client: PostgresClient, running: Task<Void, Never>, capacity: Int, deadline: Duration, logger: Logger) {
        self.client = client
        self.running = running
        let capacity = ReplayCapacity(limit: capacity)
        self.capacity = capacity
        self.deadline = deadline
        self.logger = logger
        self.admissions = AdmissionBatches { requests throws(BackendStoreFailure) in
            try await Self.admit(requests, capacity: capacity, client: client, deadline: deadline)
        }
    }

    /// The store at `address`, its schema made when missing.
    public static func open(
        _ address: PostgresAddress, capacity: Int = ReplayCapacity.standard, deadline: Duration = .seconds(5), logger: Logger
    ) async throws(BackendStoreFailure) -> PostgresBackendStore {
        let tls: PostgresClient.Configuration.TLS = switch address.tls {
        case .disable: .disable
        case .require, .verifyFull: .require(.makeClientConfiguration())
        }
        var configuration = if let socket = address.socketPath {
            PostgresClient.Configuration(unixSocketPath: socket, username: address.user, password: address.password, database: address.database)
        } else {
            PostgresClient.Configuration(
                host: address.host, port: address.port, username: address.user, password: address.password, database: address.database, tls: tls
            )
        }
        configuration.options.connectTimeout = deadline
        // The server ends a statement that runs, or waits for a lock, before the deadline:
        // a query once sent ignores the client's cancellation, so only the server can
        // free the connection the statement holds, and its error says which it was.
        // A lock wait ends first, so the error names the lock rather than the time.
        let limits = serverLimits(for: deadline)
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", String(limits.statement)), ("lock_timeout", String(limits.lock)),
        ]
        // The pool says each failed connection at `info` (a dozen lines a minute while the
        // database is away), and warns when a lease comes before its `run()` task has
        // begun, which the lease survives. The gateway's own line for each refused
        // request is the news; the pool's errors still show.
        var background = logger
        background.logLevel = max(logger.logLevel, .error)
        try await checkLogin(address, deadline: deadline, logger: background)
        let client = PostgresClient(configuration: configuration, backgroundLogger: background)
        let running = Task { await client.run() }
        let store = PostgresBackendStore(client: client, running: running, capacity: capacity, deadline: deadline, logger: background)
        do {
            try await store.migrate(logger: logger)
            try await store.recount(forgettingBefore: nil)
        } catch {
            await store.close()
            throw BackendStoreFailure("the database at \(address) cannot be used: \(error.description)")
        }
        return store
    }

    public func keep(_ pair: TokenPairRecord, userID: Int, family: [UInt8]) async throws(BackendStoreFailure) {
        let family = ByteBuffer(bytes: family)
        try await run("""
            INSERT INTO public.tokens (digest, kind, user_id, expires, family)
            VALUES (\(ByteBuffer(bytes: pair.accessDigest)), 'access', \(userID), \(pair.accessExpires), \(family)),
                   (\(ByteBuffer(bytes: pair.refreshDigest)), 'refresh', \(userID), \(pair.refreshExpires), \(family))
            """)
    }

    public func access(_ digest: [UInt8]) async throws(BackendStoreFailure) -> AccessTokenRecord? {
        let found = try await bounded {
            var rows: [(Int, Int64)] = []
            let statement: PostgresQuery = "SELECT user_id, expires FROM public.tokens WHERE digest = \(ByteBuffer(bytes: digest)) AND kind = 'access'"
            for try await row in try await self.client.query(statement).decode((Int, Int64).self) {
                rows.append(row)
            }
            return rows.first
        }
        return found.map { AccessTokenRecord(userID: $0.0, expires: $0.1) }
    }

    public func rotate(refresh digest: [UInt8], now: Int64, into pair: TokenPairRecord) async throws(BackendStoreFailure) -> Rotation {
        // One statement, so one transaction: the new pair is inserted only for the row the
        // update marked spent, and a failure of the insert undoes the mark. Of two gateways
        // spending one row at once, the second waits for the first and then finds it spent.
        let token = ByteBuffer(bytes: digest)
        if let userID = try await integers("""
            WITH spent AS (
                UPDATE public.tokens SET spent = true
                WHERE digest = \(token) AND kind = 'refresh' AND NOT spent AND expires > \(now) RETURNING user_id, family
            )
            INSERT INTO public.tokens (digest, kind, user_id, expires, family)
            SELECT \(ByteBuffer(bytes: pair.accessDigest)), 'access', user_id, \(pair.accessExpires), family FROM spent
            UNION ALL SELECT \(ByteBuffer(bytes: pair.refreshDigest)), 'refresh', user_id, \(pair.refreshExpires), family FROM spent
            RETURNING user_id
            """).first {
            return .rotated(userID: userID)
        }
        let ended = try await integers("""
            DELETE FROM public.tokens
            WHERE family = (SELECT family FROM public.tokens WHERE digest = \(token) AND kind = 'refresh' AND spent) RETURNING 1
            """)
        return ended.isEmpty ? .unknown : .reused
    }

    public func revoke(_ digest: [UInt8]) async throws(BackendStoreFailure) {
        try await run("DELETE FROM public.tokens WHERE family = (SELECT family FROM public.tokens WHERE digest = \(ByteBuffer(bytes: digest)))")
    }

    public func admit(_ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare) async throws(BackendStoreFailure) -> Admission {
        try await admit(enc, until: expiry, now: now, share: share, reading: nil).0
    }

    public func admit(
        _ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare, readingAccess digest: [UInt8]
    ) async throws(BackendStoreFailure) -> (Admission, AccessTokenRecord?) {
        try await admit(enc, until: expiry, now: now, share: share, reading: digest)
    }

    /// Both admissions in one statement, with the others that go in its batch: the
    /// access token whose digest is `digest` is read with it, none when nil.
    private func admit(
        _ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare, reading digest: [UInt8]?
    ) async throws(BackendStoreFailure) -> (Admission, AccessTokenRecord?) {
        // Inserted, or an expired memory of it renewed, while its share has room: a row
        // comes back, with the token's columns or NULLs. A live memory of it: the update's
        // condition fails, and none does; nor with the share full. Of two gateways
        // inserting one `enc` at once, the second waits on the first's row and then finds
        // it live. One statement sees one snapshot, taken as it starts, after the request
        // arrived: the token is read as fresh as a second statement would read it, and the
        // insert is committed before the statement answers, so the request is remembered
        // before anything is answered. A batch is one statement, so all of this holds of
        // each request in it.
        let request = AdmissionBatch.Request(
            enc: enc, expiry: expiry, refused: share == .refused, now: now, digest: digest ?? [], asked: .now
        )
        switch try await admissions.submit(request) {
        case .admitted(let token):
            return (.admitted, token)
        case .notRemembered:
            // Told apart after the statement, so a memory another gateway committed
            // while this one waited for its turn is seen.
            let kept = try await integers("SELECT 1::BIGINT FROM public.replays WHERE enc = \(ByteBuffer(bytes: enc)) AND expires >= \(now)")
            return (kept.isEmpty ? .full : .replayed, nil)
        }
    }

    /// One batch's admissions in one statement, within what is left of the deadline of
    /// its first request.
    private static func admit(
        _ requests: [AdmissionBatch.Request], capacity: ReplayCapacity, client: PostgresClient, deadline: Duration
    ) async throws(BackendStoreFailure) -> [AdmissionBatch.Answer] {
        let batch = AdmissionBatch(requests)
        guard let remaining = batch.remaining(of: deadline, at: .now) else { throw timedOut(deadline) }
        let statement = AdmissionStatement(requests: batch.distinct, capacity: capacity)
        let rows = try await bounded(within: remaining, deadline: deadline) {
            var rows: [AdmissionStatement.Row] = []
            for try await row in try await client.execute(statement) {
                rows.append(row)
            }
            return rows
        }
        return batch.answers(remembered: rows.map { row in
            let token = row.userID.flatMap { userID in row.expires.map { AccessTokenRecord(userID: userID, expires: $0) } }
            return (Array(row.enc.readableBytesView), token)
        })
    }

    public func sweep(now: Int64) async throws(BackendStoreFailure) {
        // An access token is kept a day past its expiry, so it is reported as expired, not unknown.
        try await run("DELETE FROM public.tokens WHERE expires < CASE kind WHEN 'access' THEN \(now) - 86400 ELSE \(now) END")
        try await recount(forgettingBefore: now)
        try await run("DELETE FROM public.idempotency_keys WHERE expires < \(now)")
    }

    /// Counts the live requests of each share anew, every gateway's, into the row the
    /// admissions count in, after forgetting those expired before `now` (none when nil).
    /// The row is locked first and each statement after sees what was committed before
    /// it, so no admission comes between the count and its row.
    private func recount(forgettingBefore now: Int64?) async throws(BackendStoreFailure) {
        let logger = self.logger
        _ = try await bounded {
            try await self.client.withTransaction(logger: logger) { connection in
                // A statement's error comes with its rows: read them.
                for try await _ in try await connection.query("SELECT 1 FROM public.replay_counts WHERE id = 1 FOR UPDATE", logger: logger) {}
                if let now {
                    for try await _ in try await connection.query("DELETE FROM public.replays WHERE expires < \(now) RETURNING 1", logger: logger) {}
                }
                for try await _ in try await connection.query("""
                    UPDATE public.replay_counts SET served = live.served, refused = live.refused
                    FROM (SELECT count(*) FILTER (WHERE NOT refused) AS served, count(*) FILTER (WHERE refused) AS refused FROM public.replays) AS live
                    WHERE id = 1 RETURNING 1
                    """, logger: logger) {}
            }
        }
    }

    public func close() async {
        running.cancel()
        await running.value
    }

    /// One statement, its rows ignored.
    private func run(_ statement: PostgresQuery) async throws(BackendStoreFailure) {
        _ = try await bounded { _ = try await self.client.query(statement) }
    }

    /// One statement whose rows are one integer each (`RETURNING user_id`, a count).
    private func integers(_ statement: PostgresQuery) async throws(BackendStoreFailure) -> [Int] {
        try await bounded {
            var values: [Int] = []
            for try await value in try await self.client.query(statement).decode(Int.self) {
                values.append(value)
            }
            return values
        }
    }
}
