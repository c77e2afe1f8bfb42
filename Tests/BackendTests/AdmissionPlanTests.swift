@testable import Backend
import Logging
import TestSupport
import Testing

/// The admission's statement as PostgreSQL plans it: once a connection, when the
/// gateway starts and its tables are empty, and then for as long as the connection
/// lives, while the tables grow to millions of rows.
@Suite("The admission's plan on PostgreSQL, as its tables grow", .timeLimit(.minutes(1)))
struct AdmissionPlanTests {
    static let silent = Logger(label: "storefront.tests.plan") { _ in SwiftLogNoOpLogHandler() }

    /// A batch of two, as `AdmissionStatement.makeBindings` gives it.
    static let execute = """
        EXECUTE admit(ARRAY[sha256('a'), sha256('b')], ARRAY[1300, 1300]::int8[], ARRAY[false, false],
                      ARRAY[1000, 1000]::int8[], ARRAY[sha256('2'), sha256('4')], 1000000, 100000)
        """

    @Test(
        "a batch reads each token by its index, however many were kept after the statement was planned on empty tables",
        .enabled(if: !PostgresTestDatabase.skipped, PostgresTestDatabase.skipReason)
    )
    func readsTokensByIndex() async throws {
        let database = try await PostgresTestDatabase.make()
        // The schema, made as a gateway's start makes it.
        await (try await PostgresBackendStore.open(PostgresAddress(uri: database.uri), logger: Self.silent)).close()
        let types = "bytea[], int8[], bool[], int8[], bytea[], int8, int8"
        let plan = try await database.lastRows(of: [
            // The plan a connection keeps, made while the tables are empty.
            "SET plan_cache_mode = force_generic_plan",
            "PREPARE admit(\(types)) AS \(AdmissionStatement.sql)",
            Self.execute,
            "DELETE FROM public.replays",
            """
            INSERT INTO public.tokens (digest, kind, user_id, expires)
            SELECT sha256(i::text::bytea), CASE i % 2 WHEN 0 THEN 'access' ELSE 'refresh' END, i, 2000
            FROM generate_series(1, 20000) AS i
            """,
            "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) " + Self.execute,
        ])
        await database.drop()
        #expect(plan.contains { $0.contains("Index Scan using tokens_pkey") }, "\(plan.joined(separator: "\n"))")
        #expect(!plan.contains { $0.contains("Seq Scan on tokens") }, "\(plan.joined(separator: "\n"))")
    }
}
