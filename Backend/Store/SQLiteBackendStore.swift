import Infrastructure
import NIOCore
import NIOPosix
import SQLiteNIO

/// The backend's store in one SQLite file (the default: no set-up), or in memory for a
/// backend that keeps nothing past its process.
///
/// Every process of one store on one machine opens the same file: WAL, so readers do not
/// wait for the writer (`synchronous = NORMAL`: no fsync a request), and a bound of 5 s on
/// each operation, its wait for its turn on the connection included, so a write that
/// cannot get the lock is a failure (503) rather than a hang (`SQLiteBusyWait`).
/// Each operation is atomic across every process: an insert that conflicts is the
/// replay; a refresh spends its token (a delete that returns the row) and keeps the new
/// pair in one write transaction. The schema is made at start-up inside a write
/// transaction, so several processes may start at once. The file is made `0600` before
/// SQLite opens it; its `-journal`, `-wal` and `-shm` files take its mode. A file (or
/// companion) that others may read or write, or another user owns, is refused: whoever
/// can write it can plant a token's digest and sign in as anyone. So is a folder another
/// user can write: they could leave a `-journal` there, which SQLite plays back as a hot
/// journal when it opens the database.
public final class SQLiteBackendStore: BackendStore {
    private let connection: SQLiteConnection
    /// The thread SQLite's calls run on, the store's own: started with it and stopped by
    /// `close`, so a closed store leaves no thread (NIO's shared pool would outlive it).
    private let threadPool: NIOThreadPool
    private let capacity: ReplayCapacity
    /// One operation at a time on the connection, so a transaction has it to itself.
    private let turns = Turns()

    /// A million live requests: about 94 MB of database (docs/OPERATIONS.md).
    public static let defaultCapacity = ReplayCapacity.standard

    private init(connection: SQLiteConnection, threadPool: NIOThreadPool, capacity: Int) {
        self.connection = connection
        self.threadPool = threadPool
        self.capacity = ReplayCapacity(limit: capacity)
    }

    /// The store in `file`, made (private) and migrated when needed; in memory when nil.
    public static func open(file: String?, capacity: Int = defaultCapacity) async throws(BackendStoreFailure) -> SQLiteBackendStore {
        if let file {
            do {
                // Before SQLite reads a byte: it would play back a hot journal it finds.
                try PrivateFiles.checkFolderClosedToOthers(holding: file)
                try PrivateFiles.create(at: file)
                for companion in ["-journal", "-wal", "-shm"] { try PrivateFiles.checkPrivate(at: file + companion) }
            } catch {
                throw BackendStoreFailure("the database \(file) cannot be opened: \(error.description)")
            }
        }
        let threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        let store: SQLiteBackendStore
        do {
            let connection = try await SQLiteConnection.open(
                storage: file.map { .file(path: $0) } ?? .memory, threadPool: threadPool, on: MultiThreadedEventLoopGroup.singleton.any()
            )
            store = SQLiteBackendStore(connection: connection, threadPool: threadPool, capacity: capacity)
        } catch {
            try? await threadPool.shutdownGracefully()
            throw BackendStoreFailure("the database \(file ?? "in memory") cannot be opened: \(error)")
        }
        do {
            try await store.migrate()
        } catch {
            await store.close()
            throw error
        }
        return store
    }

    public func admit(_ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare) async throws(BackendStoreFailure) -> Admission {
        try await admit(enc, until: expiry, now: now, share: share, reading: nil).0
    }

    public func admit(
        _ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare, readingAccess digest: [UInt8]
    ) async throws(BackendStoreFailure) -> (Admission, AccessTokenRecord?) {
        try await admit(enc, until: expiry, now: now, share: share, reading: digest)
    }

    /// Both admissions in one statement, so one call on SQLite's thread: the access
    /// token whose digest is `digest` is read by the insert's `RETURNING`, none when nil
    /// (`= NULL` matches no row).
    private func admit(
        _ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare, reading digest: [UInt8]?
    ) async throws(BackendStoreFailure) -> (Admission, AccessTokenRecord?) {
        // Inserted, or an expired memory of it renewed, while its share has room: a row
        // comes back, with the token's columns or NULLs, and the share's count goes up in
        // the same statement. The statement is its own write transaction, so the token is
        // read, and the room judged, as the request is remembered, whichever process asks.
        let rows = try await run(
            """
            INSERT INTO replays (enc, expires, refused)
            SELECT ?1, ?2, ?3 FROM replay_counts WHERE (CASE ?3 WHEN 1 THEN refused ELSE served END) < ?6
            ON CONFLICT (enc) DO UPDATE SET expires = excluded.expires, refused = excluded.refused WHERE replays.expires < ?4
            RETURNING (SELECT user_id FROM tokens WHERE digest = ?5 AND kind = 'access') AS user_id,
                      (SELECT expires FROM tokens WHERE digest = ?5 AND kind = 'access') AS expires
            """,
            [.blob(ByteBuffer(bytes: enc)), .integer(Int(expiry)), .integer(share == .refused ? 1 : 0), .integer(Int(now)),
             digest.map { .blob(ByteBuffer(bytes: $0)) } ?? .null, .integer(capacity.limit(of: share))]
        )
        guard let row = rows.first else {
            // A live memory of it (a replay), or its share full: nothing new was remembered.
            let kept = try await run(
                "SELECT 1 FROM replays WHERE enc = ?1 AND expires >= ?2", [.blob(ByteBuffer(bytes: enc)), .integer(Int(now))]
            )
            return (kept.isEmpty ? .full : .replayed, nil)
        }
        guard let userID = row.column("user_id")?.integer, let expires = row.column("expires")?.integer else { return (.admitted, nil) }
        return (.admitted, AccessTokenRecord(userID: userID, expires: Int64(expires)))
    }

    public func sweep(now: Int64) async throws(BackendStoreFailure) {
        // An access token is kept a day past its expiry, so it is reported as expired, not unknown.
        try await run(
            "DELETE FROM tokens WHERE expires < CASE kind WHEN 'access' THEN ?1 - 86400 ELSE ?1 END",
            [.integer(Int(now))]
        )
        try await transaction { () async throws(BackendStoreFailure) in
            try await statement("DELETE FROM replays WHERE expires < ?1", [.integer(Int(now))])
            try await statement(Self.recount)
        }
        try await run("DELETE FROM idempotency_keys WHERE expires < ?1", [.integer(Int(now))])
    }

    public func close() async {
        try? await connection.close()
        try? await threadPool.shutdownGracefully()
    }

    /// One statement, in its turn, its rows; any failure of SQLite's is the store's.
    @discardableResult
    func run(_ statement: String, _ binds: [SQLiteData] = []) async throws(BackendStoreFailure) -> [SQLiteRow] {
        try await bounded { () async throws(BackendStoreFailure) -> [SQLiteRow] in try await self.statement(statement, binds) }
    }

    /// `body`'s statements as one transaction, in one turn: committed when it returns,
    /// rolled back when it throws.
    func transaction<Value: Sendable>(_ body: () async throws(BackendStoreFailure) -> Value) async throws(BackendStoreFailure) -> Value {
        try await bounded { () async throws(BackendStoreFailure) -> Value in
            try await statement("BEGIN IMMEDIATE")
            do throws(BackendStoreFailure) {
                let value = try await body()
                try await statement("COMMIT")
                return value
            } catch {
                _ = try? await statement("ROLLBACK")
                throw error
            }
        }
    }

    /// `body` in its turn, within the bound counted from now: SQLite may wait for another
    /// process's lock only for what the wait for the turn left of it.
    private func bounded<Value: Sendable>(_ body: () async throws(BackendStoreFailure) -> Value) async throws(BackendStoreFailure) -> Value {
        let clock = ContinuousClock()
        let arrived = clock.now
        return try await turns.inTurn { () async throws(BackendStoreFailure) -> Value in
            let busyWait = SQLiteBusyWait.allowed(afterWaiting: clock.now - arrived)
            switch busyWait {
            case .none:
                throw BackendStoreFailure("the database was busy for the whole of its \(SQLiteBusyWait.bound) bound")
            case .whole:
                return try await body()
            case .shortened(let left):
                // In the same turn, so no other operation runs under the shortened wait.
                try await statement("PRAGMA busy_timeout = \(left.wholeMilliseconds)")
                let result: Result<Value, BackendStoreFailure>
                do throws(BackendStoreFailure) {
                    result = .success(try await body())
                } catch {
                    result = .failure(error)
                }
                _ = try? await statement("PRAGMA busy_timeout = \(SQLiteBusyWait.bound.wholeMilliseconds)")
                return try result.get()
            }
        }
    }

    /// One statement on the connection; only `run` and `transaction` call it, in their turn.
    @discardableResult
    func statement(_ statement: String, _ binds: [SQLiteData] = []) async throws(BackendStoreFailure) -> [SQLiteRow] {
        do {
            return try await connection.query(statement, binds)
        } catch {
            throw BackendStoreFailure("the database refused a statement: \(error)")
        }
    }
}
