@testable import Backend
import Foundation
import Infrastructure
import Logging
import TestSupport
import Testing

/// A PostgreSQL that holds what the store needs, as another session or role can: the
/// gateway still answers within the store's deadline, and start-up ends with a sentence.
@Suite("A database that holds what the store needs", .timeLimit(.minutes(1)))
struct GatewayDatabaseDeadlineTests {
    let gateway: GatewayTests
    var current: ObliviousGatewayKey { gateway.current }

    init() throws {
        gateway = try GatewayTests()
    }

    static let deadline = Duration.seconds(5)
    static let silent = Logger(label: "storefront.tests.deadline") { _ in SwiftLogNoOpLogHandler() }

    @Test(
        "a table lock another session holds: a sealed GET gets its 503 within the deadline plus 1 s, never a hang",
        .enabled(if: !PostgresTestDatabase.skipped, PostgresTestDatabase.skipReason)
    )
    func heldTableLock() async throws {
        let database = try await PostgresTestDatabase.make()
        let store = try await PostgresBackendStore.open(PostgresAddress(uri: database.uri), deadline: Self.deadline, logger: Self.silent)
        // Released once answered: held until then, as a lock held for 20 s would be.
        let lock = try await database.holding("LOCK TABLE replays IN ACCESS EXCLUSIVE MODE")
        let (request, opener) = try gateway.encapsulated("GET", "/products/1", to: current)
        let started = ContinuousClock.now
        let response = await (try gateway.handler(store: store)).handle(request, bodyTooLarge: false)
        let took = ContinuousClock.now - started
        await lock.release()
        let answer = try gateway.open(response, with: opener)
        await store.close()
        await database.drop()
        #expect(answer.status == 503 && answer.field("retry-after") == "30")
        #expect(took < Self.deadline + .seconds(1), "answered after \(took)")
    }

    @Test(
        "the schema's lock held by another session: opening the store fails within the deadline plus 1 s, with a sentence naming the lock",
        .enabled(if: !PostgresTestDatabase.skipped, PostgresTestDatabase.skipReason)
    )
    func heldMigrationLock() async throws {
        let database = try await PostgresTestDatabase.make()
        let lock = try await database.holding("SELECT pg_advisory_xact_lock(\(PostgresBackendStore.migrationLock))")
        let started = ContinuousClock.now
        var sentence = ""
        do {
            let store = try await PostgresBackendStore.open(PostgresAddress(uri: database.uri), deadline: Self.deadline, logger: Self.silent)
            await store.close()
        } catch {
            sentence = "\(error)"
        }
        let took = ContinuousClock.now - started
        await lock.release()
        await database.drop()
        #expect(sentence.contains("held the schema's lock (pg_advisory_xact_lock(\(PostgresBackendStore.migrationLock)))"), "\(sentence)")
        #expect(took < Self.deadline + .seconds(1), "failed after \(took)")
    }

    @Test(
        "a login the database refuses (a role it does not know) is said as that, at once, not as a database that did not answer",
        .enabled(if: !PostgresTestDatabase.skipped, PostgresTestDatabase.skipReason)
    )
    func refusedLogin() async throws {
        let database = try await PostgresTestDatabase.make()
        var address = try PostgresAddress(uri: database.uri)
        address.user = "nobody_here"
        let started = ContinuousClock.now
        var sentence = ""
        do {
            let store = try await PostgresBackendStore.open(address, deadline: Self.deadline, logger: Self.silent)
            await store.close()
        } catch {
            sentence = "\(error)"
        }
        let took = ContinuousClock.now - started
        await database.drop()
        #expect(sentence.contains("refused the login of the user nobody_here"), "\(sentence)")
        #expect(took < Self.deadline, "failed after \(took)")
    }

    @Test("the wait for the schema's lock: three fifths of the deadline, but over by four fifths of it counted from the start", arguments: [
        (0, 3_000), (500, 3_000), (1_000, 3_000), (2_000, 2_000), (2_500, 1_500), (3_999, 1), (4_000, 1), (6_000, 1),
    ] as [(Int64, Int64)])
    func lockWait(spentMilliseconds: Int64, wait: Int64) {
        #expect(PostgresBackendStore.lockWait(deadline: Self.deadline, spent: .milliseconds(spentMilliseconds)) == wait)
    }
}
