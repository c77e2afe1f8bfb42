import Backend
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Infrastructure
import Testing
import TestSupport

/// Two real `storefront serve` processes of one store, as two gateways behind a balancer
/// run them: on one data folder (sharing `backend.sqlite`), and on one PostgreSQL
/// database (`--database`). A token one grants works at the other, a refresh token
/// raced on both grants one pair, and a sealed request one served, the other refuses.
@Suite("Two serve processes of one store", .timeLimit(.minutes(2)))
struct TwoServeProcessesTests {
    /// Where the two keep their state: the data folder's SQLite file, or a PostgreSQL
    /// database of the test's own.
    struct SharedState {
        let folder: TemporaryDirectory
        let postgres: PostgresTestDatabase?

        init(_ database: StoreDatabaseKind) async throws {
            folder = try TemporaryDirectory()
            postgres = try await database.ownDatabase()
        }

        /// `serve`'s options naming this state.
        var arguments: [String] {
            ["--data-dir", folder.path] + (postgres.map { ["--database", $0.uri] } ?? [])
        }
    }

    /// `serve --json` on `state`, and its first line's document.
    static func serve(_ state: SharedState, _ arguments: [String] = [], keepingLog: Bool = false) async throws -> (ServeProcess, [String: Any]) {
        let process = try await ServeProcess(["--json", "--port", "0"] + state.arguments + arguments, keepingLog: keepingLog)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(process.firstLine.utf8)) as? [String: Any], "\(process.firstLine)")
        return (process, document)
    }

    static func post(_ url: String, json: [String: Any], token: String? = nil) async throws -> (status: Int, body: [String: Any]) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: json)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:])
    }

    @Test("a token one grants works at the other, and a refresh token raced on both grants one pair", arguments: StoreDatabaseKind.tested)
    func tokensShared(database: StoreDatabaseKind) async throws {
        let state = try await SharedState(database)
        let (first, a) = try await Self.serve(state, ["--plain"])
        let (second, b) = try await Self.serve(state, ["--plain"])
        defer { withExtendedLifetime((first, second)) {} }
        let urlA = try #require(a["url"] as? String)
        let urlB = try #require(b["url"] as? String)
        #expect(a["database"] as? String == b["database"] as? String)
        #expect(a["store"] as? String == database.rawValue)

        let login = try await Self.post(urlA + "/auth/login", json: ["username": "emilys", "password": "emilyspass"])
        let access = try #require(login.body["accessToken"] as? String)
        let refresh = try #require(login.body["refreshToken"] as? String)
        var me = URLRequest(url: try #require(URL(string: urlB + "/auth/me")))
        me.setValue("Bearer \(access)", forHTTPHeaderField: "Authorization")
        let (_, meResponse) = try await URLSession.shared.data(for: me)

        async let onA = Self.post(urlA + "/auth/refresh", json: ["refreshToken": refresh])
        async let onB = Self.post(urlB + "/auth/refresh", json: ["refreshToken": refresh])
        let statuses = try await [onA.status, onB.status].sorted()

        #expect(login.status == 200)
        #expect((meResponse as? HTTPURLResponse)?.statusCode == 200, "the other gateway refused the token")
        #expect(statuses == [200, 403], "the refresh token was spent \(statuses.filter { $0 == 200 }.count) times")
        // The processes end when they go (SIGTERM); the drop ends their sessions first.
        await state.postgres?.drop()
    }

    @Test("one sealed login sent to both: the first serves it (200), the other refuses it (425)", arguments: StoreDatabaseKind.tested)
    func replayShared(database: StoreDatabaseKind) async throws {
        let state = try await SharedState(database)
        let (first, a) = try await Self.serve(state)
        let ring = state.folder.file("ohttp-gateway-keys.jwks")
        let (second, b) = try await Self.serve(state, ["--gateway-key-file", ring])
        defer { withExtendedLifetime((first, second)) {} }
        let keyFile = try #require(a["keyFile"] as? String)
        let configuration = try #require(try GatewayKeyFile.readConfigurations(at: keyFile).first)

        let urls = [try #require(a["url"] as? String), try #require(b["url"] as? String)]
        // For the first gateway: the second refuses it as a replay before it looks further.
        let login = try GatewayKey.request("POST", "/auth/login", json: #"{"username":"emilys","password":"emilyspass"}"#, to: urls[0])
        let (body, opener) = try ObliviousEncapsulation.sealRequest(login.encoded(), for: configuration)
        var statuses: [Int] = []
        for url in urls {
            var request = URLRequest(url: try #require(URL(string: url + ObliviousGatewayPath.wellKnown)))
            request.httpMethod = "POST"
            request.httpBody = Data(body)
            request.setValue("message/ohttp-req", forHTTPHeaderField: "Content-Type")
            let (data, _) = try await URLSession.shared.data(for: request)
            statuses.append(try BinaryHTTPResponse(decoding: try opener.open(Array(data))).status)
        }
        #expect(statuses == [200, 425])
        // The processes end when they go (SIGTERM); the drop ends their sessions first.
        await state.postgres?.drop()
    }
}
