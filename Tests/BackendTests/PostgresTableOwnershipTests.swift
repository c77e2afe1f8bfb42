@testable import Backend
import Logging
import TestSupport
import Testing

/// In a database another role also works in, a table named as the store's that the
/// other role made first is not the store's: `CREATE TABLE IF NOT EXISTS` would adopt
/// it, and its owner could read the sessions' digests or plant one and sign in as
/// anyone. The store refuses to start on it, naming the table and its owner.
@Suite("The PostgreSQL store's tables are its own", .timeLimit(.minutes(1)), .disabled(if: PostgresTestDatabase.skipped, PostgresTestDatabase.skipReason))
struct PostgresTableOwnershipTests {
    static let silent = Logger(label: "storefront.tests.ownership") { _ in SwiftLogNoOpLogHandler() }

    @Test("a table another role made first is refused at start-up, by name and owner", arguments: [
        // Each as the store makes it, index and all, so nothing the store asks of it
        // after `CREATE TABLE IF NOT EXISTS` needs its owner.
        (
            "tokens",
            [
                "CREATE TABLE public.tokens (digest BYTEA PRIMARY KEY, kind TEXT NOT NULL, user_id BIGINT NOT NULL, expires BIGINT NOT NULL)",
                "CREATE INDEX tokens_by_expiry ON public.tokens (expires)",
            ]
        ),
        (
            "replays",
            [
                "CREATE TABLE public.replays (enc BYTEA PRIMARY KEY, expires BIGINT NOT NULL, refused BOOLEAN NOT NULL DEFAULT false)",
                "CREATE INDEX replays_by_expiry ON public.replays (expires)",
            ]
        ),
        (
            "cart_lines",
            [
                "CREATE TABLE public.cart_lines (user_id BIGINT NOT NULL, product_id BIGINT NOT NULL, quantity BIGINT NOT NULL, PRIMARY KEY (user_id, product_id))",
            ]
        ),
        (
            "idempotency_keys",
            [
                """
                CREATE TABLE public.idempotency_keys (
                    user_id BIGINT NOT NULL, key TEXT NOT NULL, fingerprint BYTEA NOT NULL, answer TEXT NOT NULL,
                    expires BIGINT NOT NULL, PRIMARY KEY (user_id, key)
                )
                """,
                "CREATE INDEX idempotency_keys_by_expiry ON public.idempotency_keys (expires)",
            ]
        ),
    ])
    func foreignTableRefused(table: String, creation: [String]) async throws {
        #expect(PostgresBackendStore.tables.contains(table))
        let database = try await PostgresTestDatabase.make()
        try await database.runAsAnotherRole(creation)
        var refusal: String?
        do {
            let store = try await PostgresBackendStore.open(try PostgresAddress(uri: database.uri), logger: Self.silent)
            await store.close()
        } catch {
            refusal = "\(error)"
        }
        await database.drop()
        #expect(refusal?.contains("the table public.\(table) belongs to the role admin, not to the store's") == true, "\(refusal ?? "opened")")
    }

    @Test("the tables whose owner is checked are every table the schema makes")
    func everyTableChecked() async throws {
        let database = try await PostgresTestDatabase.make()
        let made: [String]
        do {
            let store = try await PostgresBackendStore.open(try PostgresAddress(uri: database.uri), logger: Self.silent)
            await store.close()
            made = try await database.lastRows(of: ["SELECT tablename::TEXT FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"])
        } catch {
            await database.drop()
            throw error
        }
        await database.drop()
        #expect(made == PostgresBackendStore.tables.sorted(), "add a new table to PostgresBackendStore.tables, so its owner is checked")
    }
}
