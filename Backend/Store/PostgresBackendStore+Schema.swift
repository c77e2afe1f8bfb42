import Logging
import PostgresNIO

/// The store's schema: its tables and their indexes, made at start-up by one gateway
/// at a time.
extension PostgresBackendStore {
    /// The key of the advisory lock the migration holds: any fixed number, the same in
    /// every gateway ("storefro" in ASCII, as a 64-bit integer).
    static let migrationLock: Int64 = 0x7374_6f72_6566_726f

    /// Every table the schema makes, in `public`: the ones whose owner is checked.
    static let tables = ["tokens", "replays", "replay_counts", "cart_lines", "idempotency_keys"]

    /// The schema, made when missing and brought up to date (the memory's shares and counts,
    /// the token families, the carts), by one gateway at a time: the others wait on the advisory lock, for
    /// the deadline at most (`lock_timeout`), and then fail with a sentence naming it.
    func migrate(logger: Logger) async throws(BackendStoreFailure) {
        let started = ContinuousClock.now
        let deadline = self.deadline
        do {
            _ = try await bounded {
                try await self.client.withTransaction(logger: logger) { connection in
                    // However long connecting took, the lock's wait ends before the
                    // deadline does, so the failure names the lock rather than the time.
                    let wait = Self.lockWait(deadline: deadline, spent: started.duration(to: .now))
                    try await connection.query(PostgresQuery(unsafeSQL: "SET LOCAL lock_timeout = \(wait)"), logger: logger)
                    // A statement's error comes with its rows: read them, or a lock not
                    // had shows only as the next statement's "transaction is aborted".
                    for try await _ in try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger) {}
                    try await connection.query("""
                        CREATE TABLE IF NOT EXISTS public.tokens (
                            digest BYTEA PRIMARY KEY, kind TEXT NOT NULL, user_id BIGINT NOT NULL, expires BIGINT NOT NULL
                        )
                        """, logger: logger)
                    try await connection.query(
                        "CREATE TABLE IF NOT EXISTS public.replays (enc BYTEA PRIMARY KEY, expires BIGINT NOT NULL)", logger: logger
                    )
                    // Every gateway's admissions counted in one row (`AdmissionStatement`).
                    try await connection.query("""
                        CREATE TABLE IF NOT EXISTS public.replay_counts (
                            id INT PRIMARY KEY CHECK (id = 1), served BIGINT NOT NULL, refused BIGINT NOT NULL
                        )
                        """, logger: logger)
                    try await connection.query("""
                        CREATE TABLE IF NOT EXISTS public.cart_lines (
                            user_id BIGINT NOT NULL, product_id BIGINT NOT NULL, quantity BIGINT NOT NULL, PRIMARY KEY (user_id, product_id)
                        )
                        """, logger: logger)
                    try await connection.query("""
                        CREATE TABLE IF NOT EXISTS public.idempotency_keys (
                            user_id BIGINT NOT NULL, key TEXT NOT NULL, fingerprint BYTEA NOT NULL, answer TEXT NOT NULL,
                            expires BIGINT NOT NULL, PRIMARY KEY (user_id, key)
                        )
                        """, logger: logger)
                    // A table another role made first, `IF NOT EXISTS` would adopt, and that
                    // role could read the memory, or plant a token's digest and sign in as
                    // anyone: the store's tables must be its role's own, before anything
                    // else is asked of them.
                    let owners = try await connection.query("""
                        SELECT relname::TEXT, pg_get_userbyid(relowner)::TEXT FROM pg_class
                        WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname = ANY(\(Self.tables))
                        AND relowner <> (SELECT oid FROM pg_roles WHERE rolname = current_user)
                        """, logger: logger)
                    for try await (table, owner) in owners.decode((String, String).self) {
                        throw BackendStoreFailure(
                            "the table public.\(table) belongs to the role \(owner), not to the store's: that role could read or change "
                                + "the sessions, so the store will not use it; drop it, or give the store a database of its own"
                        )
                    }
                    try await connection.query("CREATE INDEX IF NOT EXISTS tokens_by_expiry ON public.tokens (expires)", logger: logger)
                    // The token families: a token kept before them is a family of its own.
                    try await connection.query("ALTER TABLE public.tokens ADD COLUMN IF NOT EXISTS family BYTEA", logger: logger)
                    try await connection.query(
                        "ALTER TABLE public.tokens ADD COLUMN IF NOT EXISTS spent BOOLEAN NOT NULL DEFAULT false", logger: logger
                    )
                    try await connection.query("UPDATE public.tokens SET family = digest WHERE family IS NULL", logger: logger)
                    try await connection.query("CREATE INDEX IF NOT EXISTS tokens_by_family ON public.tokens (family)", logger: logger)
                    try await connection.query(
                        "ALTER TABLE public.replays ADD COLUMN IF NOT EXISTS refused BOOLEAN NOT NULL DEFAULT false", logger: logger
                    )
                    try await connection.query("CREATE INDEX IF NOT EXISTS replays_by_expiry ON public.replays (expires)", logger: logger)
                    try await connection.query(
                        "CREATE INDEX IF NOT EXISTS idempotency_keys_by_expiry ON public.idempotency_keys (expires)", logger: logger
                    )
                    // Counted at once, by the store's opening (`recount`).
                    try await connection.query("INSERT INTO public.replay_counts VALUES (1, 0, 0) ON CONFLICT (id) DO NOTHING", logger: logger)
                }
            }
        } catch let failure where failure.waitedForLock {
            throw BackendStoreFailure(
                "another session held the schema's lock (pg_advisory_xact_lock(\(Self.migrationLock))) through the \(deadline) a start has; "
                    + "a gateway starting beside this one holds it for a moment, anything longer is not a gateway's"
            )
        }
    }

    /// How long, in milliseconds, the migration waits for the schema's lock: what every
    /// connection waits for a lock (`serverLimits`), but over by the time a statement has,
    /// counted from the start, so a slow connection still leaves the lock's own failure
    /// time to arrive first. At least 1, since 0 would wait forever.
    static func lockWait(deadline: Duration, spent: Duration) -> Int64 {
        let limits = serverLimits(for: deadline)
        return max(1, min(limits.lock, limits.statement - spent.wholeMilliseconds))
    }
}
