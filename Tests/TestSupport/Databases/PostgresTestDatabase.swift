import Foundation
import Logging
import PostgresNIO
import Testing

/// A PostgreSQL database of one test's own, made in the throwaway cluster `scripts/test`
/// starts (`scripts/with-postgres`, which names it in `STOREFRONT_TEST_POSTGRES`), and
/// dropped by `drop()`. Without that cluster the suites that need one fail, saying
/// why; they skip only when asked to by name, with `STOREFRONT_SKIP_POSTGRES=1`.
public struct PostgresTestDatabase: Sendable {
    /// The database's URI, as `serve --database` takes it.
    public var uri: String { "postgres://\(cluster.user)@/\(name)?host=\(cluster.folder)&port=\(cluster.port)" }
    private let name: String
    /// The cluster it is in, where its making, dropping and taking away are done.
    private let cluster: Cluster

    /// The test cluster's address, as `STOREFRONT_TEST_POSTGRES` gives it: the folder of
    /// its Unix socket, its port and the tests' role.
    public struct Cluster: Sendable {
        public let folder: String
        public let port: Int
        public let user: String

        /// The socket's path, libpq's `FOLDER/.s.PGSQL.PORT`.
        public var socket: String { "\(folder)/.s.PGSQL.\(port)" }

        /// The cluster `scripts/with-postgres` named, or why there is none.
        public static func named() throws -> Cluster {
            guard let server = ProcessInfo.processInfo.environment["STOREFRONT_TEST_POSTGRES"],
                  let components = URLComponents(string: server), let user = components.user,
                  let folder = components.queryItems?.first(where: { $0.name == "host" })?.value,
                  let port = components.queryItems?.first(where: { $0.name == "port" })?.value.flatMap({ Int($0) }) else {
                throw Unavailable(description: "no PostgreSQL to test against: run the tests through scripts/test, which starts one "
                    + "(scripts/with-postgres), or set STOREFRONT_SKIP_POSTGRES=1 to skip the PostgreSQL suites")
            }
            return Cluster(folder: folder, port: port, user: user)
        }
    }

    /// Whether the PostgreSQL suites were asked to skip.
    public static var skipped: Bool {
        ProcessInfo.processInfo.environment["STOREFRONT_SKIP_POSTGRES"] == "1"
    }

    /// Why they skip, for `.enabled(if:)`'s comment.
    public static let skipReason: Comment = "STOREFRONT_SKIP_POSTGRES=1 asked the PostgreSQL suites to skip"

    /// The cluster could not be used.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// A new, empty database in the test cluster.
    public static func make() async throws -> PostgresTestDatabase {
        let database = PostgresTestDatabase(
            name: "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""),
            cluster: try Cluster.named()
        )
        try await database.administer("CREATE DATABASE \(database.name)")
        return database
    }

    /// Drops the database, ending any session still on it.
    public func drop() async {
        try? await administer("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Puts the database out of reach, as a database server going down does: every
    /// session on it ends, and a new one is refused until `bringBack()`.
    public func takeAway() async throws {
        try await administer("ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
        try await administer("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'")
    }

    /// Lets sessions on the database again.
    public func bringBack() async throws {
        try await administer("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
    }

    /// A session of its own on the database that has run `statement` inside an open
    /// transaction (`LOCK TABLE replays`, `SELECT pg_advisory_xact_lock(…)`), so it holds
    /// what the statement took until `release()`: another session, or another role,
    /// holding a lock the store needs.
    public func holding(_ statement: String) async throws -> HeldLock {
        let configuration = PostgresConnection.Configuration(unixSocketPath: cluster.socket, username: cluster.user, password: nil, database: name)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 2, logger: Self.silent)
        do {
            try await connection.query("BEGIN", logger: Self.silent)
            // Its rows read, so the lock is had (or its error seen) before this returns.
            for try await _ in try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Self.silent) {}
        } catch {
            try? await connection.close()
            throw error
        }
        return HeldLock(connection: connection)
    }

    /// Runs `statements` on the database as the cluster's superuser (`admin`, which
    /// scripts/with-postgres made it with), not as the tests' role: another role at work
    /// in the same database.
    public func runAsAnotherRole(_ statements: [String]) async throws {
        let configuration = PostgresConnection.Configuration(unixSocketPath: cluster.socket, username: "admin", password: nil, database: name)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 3, logger: Self.silent)
        do {
            for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Self.silent) }
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    /// Runs `statements` in turn on one session of the tests' role, so each sees what
    /// the ones before it set or prepared, and gives the last one's rows, each as the text
    /// of its first column (`EXPLAIN`'s lines).
    public func lastRows(of statements: [String]) async throws -> [String] {
        let configuration = PostgresConnection.Configuration(unixSocketPath: cluster.socket, username: cluster.user, password: nil, database: name)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 4, logger: Self.silent)
        var rows: [String] = []
        do {
            for statement in statements {
                rows = []
                for try await row in try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Self.silent) {
                    rows.append((try? row.decode(String.self)) ?? "")
                }
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
        return rows
    }

    /// A lock a session holds, until `release()` ends the session.
    public struct HeldLock: Sendable {
        let connection: PostgresConnection

        public func release() async {
            try? await connection.close()
        }
    }

    static let silent = Logger(label: "storefront.tests.postgres") { _ in SwiftLogNoOpLogHandler() }

    /// One statement on the cluster's `postgres` database (`CREATE DATABASE` cannot run in
    /// a transaction, nor on the database it makes).
    private func administer(_ statement: String) async throws {
        let configuration = PostgresConnection.Configuration(unixSocketPath: cluster.socket, username: cluster.user, password: nil, database: "postgres")
        let logger = Self.silent
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}
