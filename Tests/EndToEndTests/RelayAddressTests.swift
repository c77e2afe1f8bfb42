import Backend
import Foundation
import Infrastructure
import Testing
import TestSupport

/// RFC 9458 section 6.3: behind a relay, the gateway learns the relay's address and never
/// the client's. The gateway's door here notes the peer of every request that reaches it,
/// and the relay has a loopback address of its own (127.0.0.2), as a relay on another
/// host would; the client is on 127.0.0.1.
@Suite("What the gateway sees of a client behind a relay", .timeLimit(.minutes(2)), .stopsItsBackends)
struct RelayAddressTests {
    static let relayAddress = "127.0.0.2"

    @Test("behind a relay the gateway sees only the relay's address: two commands, a forged ohttp-key problem, keys asked of the gateway")
    func onlyTheRelay() async throws {
        let key = try GatewayKey(ring: GatewayKeyRing(current: GatewayKeyRing.freshKey(after: nil)))
        let backend = try await RunningBackend.start(key: key)
        let door = try backend.balancer()
        let relay = try RecordingProxy(backendPort: door.port, address: Self.relayAddress, forwarding: .relay)
        defer {
            relay.stop()
            door.stop()
        }
        var cli = try CLI(backend: backend, key: key)
        cli.environment["STOREFRONT_BASE_URL"] = door.url
        cli.environment["STOREFRONT_OHTTP_RELAY"] = relay.url + ObliviousGatewayPath.wellKnown

        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        let search = try await cli.run(["search", "phone", "--refresh"])
        // The relay answers the next request with the unsealed problem, as it may: the
        // client reads its file again and finds the same key, and asks nobody else.
        let problem = Array(#"{"type":"https://iana.org/assignments/http-problem-types#ohttp-key","title":"key identifier unknown"}"#.utf8)
        relay.tamper(withNext: SealedAttackTests.next) { exchange in
            exchange = .init(request: exchange.request, status: 400, headers: ["content-type": "application/problem+json"], body: problem)
        }
        let forged = try await cli.run(["search", "laptop", "--refresh"])
        let reachedBeforeAsking = door.exchanges.count
        // Asking the gateway for its keys would go from the client's own address.
        var asking = cli
        asking.environment["STOREFRONT_OHTTP_KEYS_FILE"] = nil
        asking.environment["STOREFRONT_OHTTP_KEYS_FROM_GATEWAY"] = "1"
        let fromGateway = try await asking.run(["search", "phone", "--refresh"])

        let gatewaySaw = Set(door.exchanges.map { $0.request.peer })
        let relaySaw = Set(relay.exchanges.map { $0.request.peer })
        #expect(login.status == 0, "\(login.everything)")
        #expect(search.status == 0, "\(search.everything)")
        #expect(forged.status == 78 && forged.standardError.contains("refused the key"), "\(forged.everything)")
        #expect(fromGateway.status == 78 && fromGateway.standardError.contains("own address"), "\(fromGateway.everything)")
        #expect(door.exchanges.count == reachedBeforeAsking, "the key configuration was asked of the gateway")
        #expect(reachedBeforeAsking >= 3, "\(reachedBeforeAsking) requests reached the gateway")
        #expect(gatewaySaw == [Self.relayAddress], "the gateway saw \(gatewaySaw)")
        #expect(relaySaw == [LoopbackSocket.defaultAddress], "the relay saw \(relaySaw)")
    }
}
