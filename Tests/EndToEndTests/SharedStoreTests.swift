import Backend
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Infrastructure
import Testing
import TestSupport

/// The backend keeps its sessions and replay memory in a database (`backend.sqlite` in
/// `serve`'s data folder, or PostgreSQL with `--database`), so a restart signs nobody
/// out, and several gateways on one database serve one store: a token one grants,
/// another honours, and a request one served, another refuses. Each test runs on both.
@Suite("Sessions and replays in the backend's database", .timeLimit(.minutes(2)), .stopsItsBackends)
struct SharedStoreTests {
    /// One store: its state (a folder, and a PostgreSQL database when asked) and its
    /// gateway key. Each backend started on it is a gateway of that store, or the same
    /// one restarted; `remove` drops a PostgreSQL database when done.
    struct OneStore {
        let key: GatewayKey
        let state: TwoServeProcessesTests.SharedState

        init(_ kind: StoreDatabaseKind) async throws {
            key = try GatewayKey.fresh()
            state = try await TwoServeProcessesTests.SharedState(kind)
        }

        /// The PostgreSQL URI, or the SQLite file in the folder.
        var database: String { state.postgres?.uri ?? "sqlite:" + state.folder.file("backend.sqlite") }

        func startBackend(log: SpyLog? = nil) async throws -> RunningBackend {
            try await RunningBackend.start(key: key, database: database, log: log)
        }

        func remove() async {
            await state.postgres?.drop()
        }
    }

    @Test("a session survives the backend's restart on the same database", arguments: StoreDatabaseKind.tested)
    func sessionSurvivesRestart(database: StoreDatabaseKind) async throws {
        let store = try await OneStore(database)
        let first = try await store.startBackend()
        let cli = try CLI(backend: first, key: store.key)
        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        await first.stop()

        // The restarted backend listens on a port of its own; the session is the same.
        let second = try await store.startBackend()
        var restarted = cli
        restarted.environment["STOREFRONT_BASE_URL"] = second.url
        let whoami = try await restarted.run(["whoami", "--refresh"])
        await second.stop()
        await store.remove()
        #expect(login.status == 0, "\(login.everything)")
        #expect(whoami.status == 0 && whoami.standardOutput.contains("emilys"), "\(whoami.everything)")
        #expect(!whoami.standardError.contains("cache"), "answered from the cache, not by the restarted backend: \(whoami.everything)")
    }

    @Test("two gateways on one database: a token one grants, the other honours; a login one served, the other refuses", arguments: StoreDatabaseKind.tested)
    func twoGatewaysOneStore(database: StoreDatabaseKind) async throws {
        let store = try await OneStore(database)
        let first = try await store.startBackend()
        let second = try await store.startBackend()
        let proxy = try first.relay()
        var cli = try CLI(backend: first, key: store.key)
        cli.environment["STOREFRONT_OHTTP_RELAY"] = proxy.url + ObliviousGatewayPath.wellKnown
        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        let recorded = try #require(proxy.exchanges.last)
        proxy.stop()

        // The same sealed login, sent to the other gateway as a relay could.
        var request = URLRequest(url: try #require(URL(string: second.url + ObliviousGatewayPath.wellKnown)))
        request.httpMethod = "POST"
        request.httpBody = Data(recorded.request.body)
        request.setValue("message/ohttp-req", forHTTPHeaderField: "Content-Type")
        _ = try await URLSession.shared.data(for: request)
        let grants = await first.server.grantCount() + second.server.grantCount()

        // The session the first granted, used on the second.
        var onSecond = cli
        onSecond.environment["STOREFRONT_OHTTP_RELAY"] = nil
        onSecond.environment["STOREFRONT_BASE_URL"] = second.url
        let whoami = try await onSecond.run(["whoami", "--refresh"])
        await first.stop()
        await second.stop()
        await store.remove()

        #expect(login.status == 0, "\(login.everything)")
        #expect(grants == 1, "the login was served \(grants) times")
        #expect(whoami.status == 0 && whoami.standardOutput.contains("emilys"), "\(whoami.everything)")
    }

    @Test(
        "PostgreSQL out of reach: a sealed 503 and a sentence in the log, no crash; served again once it is back",
        .enabled(if: !PostgresTestDatabase.skipped, PostgresTestDatabase.skipReason)
    )
    func databaseOutOfReach() async throws {
        let store = try await OneStore(.postgresql)
        let log = SpyLog()
        let backend = try await store.startBackend(log: log)
        let cli = try CLI(backend: backend, key: store.key)
        let database = try #require(store.state.postgres)

        try await database.takeAway()
        let refused = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        try await database.bringBack()
        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        let whoami = try await cli.run(["whoami", "--refresh"])
        await backend.stop()
        await store.remove()

        // The gateway answered, sealed: the client read a 503 with Retry-After from
        // inside (75, "try again in 30 s"), not an unreadable answer (65) or a dropped
        // connection (69).
        #expect(refused.status == 75, "\(refused.everything)")
        #expect(refused.standardError.contains("try again in 30 s"), "\(refused.everything)")
        #expect(log.messages.contains { $0.contains("could not be remembered") }, "\(log.messages)")
        #expect(login.status == 0, "no recovery: \(login.everything)")
        #expect(whoami.status == 0 && whoami.standardOutput.contains("emilys"), "\(whoami.everything)")
    }
}
