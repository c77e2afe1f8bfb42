import Backend
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Infrastructure
import Testing
import TestSupport

/// The backend keeps its sessions and replay memory in a database (`backend.sqlite` in
/// `serve`'s data folder), so a restart signs nobody out, and several gateways on one
/// database serve one store: a token one grants, another honours, and a request one
/// served, another refuses.
@Suite("Sessions and replays in the backend's database", .timeLimit(.minutes(2)), .stopsItsBackends)
struct SharedStoreTests {
    /// One store: its database and gateway key, in a folder of its own. Each backend
    /// started on it is a gateway of that store, or the same one restarted.
    struct OneStore {
        let key: GatewayKey
        private let folder: TemporaryDirectory

        init() throws {
            folder = try TemporaryDirectory()
            key = try GatewayKey.fresh()
        }

        func startBackend() async throws -> RunningBackend {
            try await RunningBackend.start(key: key, databaseFile: folder.file("backend.sqlite"))
        }
    }

    @Test("a session survives the backend's restart on the same database")
    func sessionSurvivesRestart() async throws {
        let store = try OneStore()
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
        #expect(login.status == 0, "\(login.everything)")
        #expect(whoami.status == 0 && whoami.standardOutput.contains("emilys"), "\(whoami.everything)")
        #expect(!whoami.standardError.contains("cache"), "answered from the cache, not by the restarted backend: \(whoami.everything)")
    }

    @Test("two gateways on one database: a token one grants, the other honours; a login one served, the other refuses")
    func twoGatewaysOneStore() async throws {
        let store = try OneStore()
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

        #expect(login.status == 0, "\(login.everything)")
        #expect(grants == 1, "the login was served \(grants) times")
        #expect(whoami.status == 0 && whoami.standardOutput.contains("emilys"), "\(whoami.everything)")
    }
}
