import SQLiteNIO

/// The store's schema on SQLite: its tables, indexes and the trigger that counts the
/// memory, made at start-up inside a write transaction, so several processes may start
/// at once.
extension SQLiteBackendStore {
    /// The schema, made when missing and brought to version 5 (the token families, the
    /// memory's counts, the carts) when older.
    func migrate() async throws(BackendStoreFailure) {
        // Both pragmas answer with a row; `run` ignores it.
        try await run("PRAGMA busy_timeout = \(SQLiteBusyWait.bound.wholeMilliseconds)")
        try await run("PRAGMA journal_mode = WAL")
        // Each commit survives the process dying by any signal, without an fsync a
        // request; a power cut may lose the last ones (a request's window is 300 s).
        try await run("PRAGMA synchronous = NORMAL")
        try await transaction { () async throws(BackendStoreFailure) in
            let version = try await statement("PRAGMA user_version").first?.column("user_version")?.integer ?? 0
            try await statement("""
                CREATE TABLE IF NOT EXISTS tokens (
                    digest BLOB PRIMARY KEY, kind TEXT NOT NULL, user_id INTEGER NOT NULL, expires INTEGER NOT NULL,
                    family BLOB, spent INTEGER NOT NULL DEFAULT 0
                ) WITHOUT ROWID
                """)
            if (1...2).contains(version) {
                // A token kept before families is a family of its own.
                try await statement("ALTER TABLE tokens ADD COLUMN family BLOB")
                try await statement("ALTER TABLE tokens ADD COLUMN spent INTEGER NOT NULL DEFAULT 0")
                try await statement("UPDATE tokens SET family = digest")
            }
            try await statement("CREATE INDEX IF NOT EXISTS tokens_by_expiry ON tokens (expires)")
            try await statement("CREATE INDEX IF NOT EXISTS tokens_by_family ON tokens (family)")
            if version == 1 {
                try await statement("ALTER TABLE replays ADD COLUMN refused INTEGER NOT NULL DEFAULT 0")
            }
            try await statement("""
                CREATE TABLE IF NOT EXISTS replays (
                    enc BLOB PRIMARY KEY, expires INTEGER NOT NULL, refused INTEGER NOT NULL DEFAULT 0
                ) WITHOUT ROWID
                """)
            try await statement("CREATE INDEX IF NOT EXISTS replays_by_expiry ON replays (expires)")
            // Every process's admissions counted in one row (`ReplayCapacity`), by the
            // statement that remembers each: a trigger runs inside it.
            try await statement(
                "CREATE TABLE IF NOT EXISTS replay_counts (id INTEGER PRIMARY KEY CHECK (id = 1), served INTEGER NOT NULL, refused INTEGER NOT NULL)"
            )
            for event in ["INSERT", "UPDATE"] {
                try await statement("""
                    CREATE TRIGGER IF NOT EXISTS replays_counted_after_\(event.lowercased()) AFTER \(event) ON replays BEGIN
                        UPDATE replay_counts SET served = served + (NEW.refused = 0), refused = refused + NEW.refused;
                    END
                    """)
            }
            try await statement(Self.recount)
            try await statement("""
                CREATE TABLE IF NOT EXISTS cart_lines (
                    user_id INTEGER NOT NULL, product_id INTEGER NOT NULL, quantity INTEGER NOT NULL, PRIMARY KEY (user_id, product_id)
                ) WITHOUT ROWID
                """)
            try await statement("""
                CREATE TABLE IF NOT EXISTS idempotency_keys (
                    user_id INTEGER NOT NULL, key TEXT NOT NULL, fingerprint BLOB NOT NULL, answer TEXT NOT NULL,
                    expires INTEGER NOT NULL, PRIMARY KEY (user_id, key)
                ) WITHOUT ROWID
                """)
            try await statement("CREATE INDEX IF NOT EXISTS idempotency_keys_by_expiry ON idempotency_keys (expires)")
            try await statement("PRAGMA user_version = 5")
        }
    }

    /// Counts the live requests of each share anew, every process's, into the row the
    /// admissions count in; run in a write transaction, so no admission comes between.
    static let recount = """
        INSERT INTO replay_counts (id, served, refused)
        SELECT 1, count(*) - coalesce(sum(refused), 0), coalesce(sum(refused), 0) FROM replays WHERE true
        ON CONFLICT (id) DO UPDATE SET served = excluded.served, refused = excluded.refused
        """
}
