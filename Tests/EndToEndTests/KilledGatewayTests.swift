import Backend
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Infrastructure
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Two sealed gateways of one store under load from several client processes, each
/// gateway killed with SIGKILL in the middle of it and started again. The clients reach
/// each gateway through a proxy, as through a balancer: it says when a request has
/// arrived, so the kill lands while requests are in flight (each gateway waits 100 ms
/// before it answers), and it follows the gateway to its new port. What the store
/// acknowledged survives: a session whose every command succeeded still works, a
/// request opened before a kill is not served after it, and a session lost to a kill
/// was lost by a command the kill cut short, never by one that succeeded.
@Suite("Gateways killed with SIGKILL under load", .timeLimit(.minutes(5)))
struct KilledGatewayTests {
    /// One gateway as a real `serve` process, which the test kills and starts again.
    final class Gateway {
        private let state: TwoServeProcessesTests.SharedState
        private let arguments: [String]
        private let restartArguments: [String]
        private var running: ServeProcess
        private var document: [String: Any]
        /// What the clients reach it through.
        let proxy: RecordingProxy

        /// A gateway started with `arguments`, and again with `restartArguments` (those
        /// name the ring the first start made, so a restart keeps every key).
        init(_ state: TwoServeProcessesTests.SharedState, _ arguments: [String], restartArguments: [String]) async throws {
            self.state = state
            self.arguments = arguments
            self.restartArguments = restartArguments
            (running, document) = try await TwoServeProcessesTests.serve(state, arguments)
            proxy = try RecordingProxy(backendPort: try Self.port(of: document))
        }

        private static func port(of document: [String: Any]) throws -> UInt16 {
            try #require((document["url"] as? String).flatMap { URL(string: $0)?.port }.flatMap { UInt16(exactly: $0) })
        }

        /// The gateway itself, not its proxy.
        var url: String { document["url"] as? String ?? "" }
        var keyFile: String? { document["keyFile"] as? String }

        /// SIGKILL, then a new process on the same state, once the old one is gone.
        func killAndRestart() async throws {
            let identifier = running.process.processIdentifier
            kill(identifier, SIGKILL)
            // Reaped off the cooperative pool: the port and the database are let go by then.
            try await runOffPool {
                var status: Int32 = 0
                _ = waitpid(identifier, &status, 0)
            }
            let (process, first) = try await TwoServeProcessesTests.serve(state, restartArguments)
            (running, document) = (process, first)
            proxy.forward(toBackendPort: try Self.port(of: first))
        }

        /// Returns once a request that came after `count` others has reached the proxy.
        func requestArrived(after count: Int) async {
            for await event in proxy.events where event == "request" {
                if proxy.received > count { return }
            }
        }
    }

    /// What one client command came to.
    struct Outcome {
        let client: Int
        let round: Int
        let arguments: [String]
        let status: Int32
    }

    static let clients = 4
    static let rounds = 7
    /// The rounds in whose middle a gateway is killed, and which one.
    static let kills = [2: 0, 5: 1]
    /// The rounds in which every client logs in.
    static let logins: Set = [0, 2]

    @Test("logins, refreshes and searches from four clients while each gateway is killed once: nothing acknowledged is lost", arguments: StoreDatabaseKind.tested)
    func killedUnderLoad(database: StoreDatabaseKind) async throws {
        let started = ContinuousClock.now
        let state = try await TwoServeProcessesTests.SharedState(database)
        // Three-second access tokens, so that later rounds refresh as well as search
        // (shorter, and a token renewed behind the proxy's queue expires before its use);
        // 100 ms before each answer, so that a kill finds requests in flight.
        let ring = state.folder.file("ohttp-gateway-keys.jwks")
        let shape = ["--token-lifetime-seconds", "3", "--latency-ms", "100"]
        let withRing = ["--gateway-key-file", ring] + shape
        let first = try await Gateway(state, shape, restartArguments: withRing)
        let gateways = [first, try await Gateway(state, withRing, restartArguments: withRing)]
        let keyFile = try #require(first.keyFile)
        var clis: [CLI] = []
        for _ in 0..<Self.clients {
            var cli = try CLI(backend: nil, key: nil)
            cli.environment["STOREFRONT_OHTTP_KEYS_FILE"] = keyFile
            clis.append(cli)
        }

        // A sealed login of the test's own, served once before the first kill, and sent
        // again after each restart to both gateways: never served twice.
        let probe = try SealedProbe(keyFile: keyFile, for: gateways[0].url)
        var probeStatuses = [try await probe.send(to: gateways[0].url)]

        var outcomes: [Outcome] = []
        var signedIn = Array(repeating: false, count: Self.clients)
        for round in 0..<Self.rounds {
            // Everyone logs in at the start and again in the first killed round; in between,
            // a search or a whoami, which refresh once the token has aged three seconds.
            let commands = (0..<Self.clients).map { client in
                signedIn[client] && !Self.logins.contains(round) ? (round % 2 == 0 ? ["whoami", "--refresh"] : ["search", "phone", "--refresh"])
                    : ["login", "--username", "emilys", "--password-stdin"]
            }
            let urls = (0..<Self.clients).map { gateways[($0 + round) % 2].proxy.url }
            let arrived = Self.kills[round].map { gateways[$0].proxy.received } ?? 0
            let statuses = try await withThrowingTaskGroup(of: (Int, Int32).self) { group in
                for client in 0..<Self.clients {
                    var cli = clis[client]
                    cli.environment["STOREFRONT_BASE_URL"] = urls[client]
                    let arguments = commands[client]
                    group.addTask { (client, try await cli.run(arguments, input: "emilyspass\n").status) }
                }
                if let victim = Self.kills[round] {
                    await gateways[victim].requestArrived(after: arrived)
                    try await gateways[victim].killAndRestart()
                }
                return try await group.reduce(into: [Int: Int32]()) { $0[$1.0] = $1.1 }
            }
            for client in 0..<Self.clients {
                let status = statuses[client] ?? -1
                outcomes.append(Outcome(client: client, round: round, arguments: commands[client], status: status))
                signedIn[client] = status == 0 || (signedIn[client] && status != 77)
            }
            if Self.kills[round] != nil {
                for gateway in gateways {
                    probeStatuses.append(try await probe.send(to: gateway.url))
                }
            }
        }

        // Every client, asked once more with both gateways up.
        var finals: [Int32] = []
        for client in 0..<Self.clients {
            var cli = clis[client]
            cli.environment["STOREFRONT_BASE_URL"] = gateways[client % 2].url
            finals.append(try await cli.run(["whoami", "--refresh"]).status)
        }
        for gateway in gateways { gateway.proxy.stop() }
        await state.postgres?.drop()
        let elapsed = ContinuousClock.now - started

        let failed = outcomes.filter { $0.status != 0 }
        // The figures, for the record: how much ran, and what the kills cut short.
        print("KilledGatewayTests \(database): \(outcomes.count) commands, \(failed.count) failed "
            + "\(failed.map { "r\($0.round)c\($0.client) \($0.arguments[0]) → \($0.status)" }), finals \(finals), \(elapsed)")
        #expect(probeStatuses == [200, 425, 425, 425, 425], "a sealed login opened before a kill was served after it: \(probeStatuses)")
        // A command fails only in a round whose gateway was killed (cut short), or right
        // after one that was (signed out by a refresh the kill cut short: 77).
        for outcome in failed {
            let cutShort = Self.kills[outcome.round] != nil
            let afterCut = outcome.status == 77 && failed.contains { $0.client == outcome.client && $0.round < outcome.round && Self.kills[$0.round] != nil }
            #expect(cutShort || afterCut, "round \(outcome.round), client \(outcome.client): \(outcome.arguments) exited \(outcome.status) with no kill to explain it")
        }
        for client in 0..<Self.clients {
            let lostToAKill = failed.contains { $0.client == client && Self.kills[$0.round] != nil }
            #expect(finals[client] == 0 || (finals[client] == 77 && lostToAKill), "client \(client) lost an acknowledged session: whoami exited \(finals[client])")
        }
    }

    /// A sealed login the test makes itself, so it can open the gateway's answers.
    struct SealedProbe {
        let body: [UInt8]
        let opener: ObliviousResponseOpener

        /// A login for the gateway at `url`, sealed to the key in `keyFile`.
        init(keyFile: String, for url: String) throws {
            let configuration = try #require(try GatewayKeyFile.readConfigurations(at: keyFile).first)
            let login = try GatewayKey.request("POST", "/auth/login", json: #"{"username":"emilys","password":"emilyspass"}"#, to: url)
            (body, opener) = try ObliviousEncapsulation.sealRequest(login.encoded(), for: configuration)
        }

        /// The status inside the gateway's sealed answer.
        func send(to url: String) async throws -> Int {
            var request = URLRequest(url: try #require(URL(string: url + ObliviousGatewayPath.wellKnown)))
            request.httpMethod = "POST"
            request.httpBody = Data(body)
            request.setValue("message/ohttp-req", forHTTPHeaderField: "Content-Type")
            let (data, response) = try await URLSession.shared.data(for: request)
            guard let opened = try? opener.open(Array(data)) else {
                throw CLI.Failure(description: "\(url) answered \((response as? HTTPURLResponse)?.statusCode ?? 0) unsealed: \(String(decoding: data, as: UTF8.self))")
            }
            return try BinaryHTTPResponse(decoding: opened).status
        }
    }
}
