@testable import Data
import Foundation
import Infrastructure
import TestSupport
import Testing

/// The key configuration taken from the gateway's well-known resource (RFC 9540): kept
/// in the data folder for its lifetime, so a command does not ask for it each time, and
/// held to key consistency (RFC 9540 section 7): while it is fresh, the gateway cannot
/// hand this client a key of its own unnoticed.
@Suite("The gateway's key configuration, fetched and kept", .timeLimit(.minutes(1)))
struct WellKnownGatewayKeySourceTests {
    let clock = FakeWallClock(Date(timeIntervalSince1970: 1_800_000_000))
    let first: ObliviousKeyConfiguration
    let second: ObliviousKeyConfiguration

    init() throws {
        first = try GatewayKeyRing.freshKey(after: nil).configuration
        second = try GatewayKeyRing.freshKey(after: GatewayKeyRing(current: GatewayKeyRing.freshKey(after: nil))).configuration
    }

    /// A gateway serving `lists` in turn (the last one from then on), fresh for an hour.
    static func gateway(_ lists: [[ObliviousKeyConfiguration]]) -> SpyTransport {
        SpyTransport { _, index in
            StubResponse(
                status: 200, headers: ["Content-Type": "application/ohttp-keys", "Cache-Control": "max-age=3600"],
                body: ObliviousKeyConfiguration.encodeList(lists[min(index, lists.count - 1)])
            )
        }
    }

    /// What one command builds: a source over the data folder.
    func command(_ transport: SpyTransport, _ folder: TemporaryDirectory) -> WellKnownGatewayKeySource {
        WellKnownGatewayKeySource(scheme: "https", authority: "store.example", transport: transport, dataFolder: folder.path, clock: clock)
    }

    @Test("kept for its lifetime: the next command asks for nothing; once it has passed, it asks again")
    func keptForItsLifetime() async throws {
        let folder = try TemporaryDirectory()
        let gateway = Self.gateway([[first]])
        #expect(try await command(gateway, folder).configuration() == first)
        #expect(try await command(gateway, folder).configuration() == first)
        #expect(await gateway.requests.count == 1)

        clock.advance(by: 3_600)
        #expect(try await command(gateway, folder).configuration() == first)
        #expect(await gateway.requests.count == 2)
    }

    @Test("another key while the kept one is fresh is refused; a rotation that still lists the kept key is taken")
    func consistency() async throws {
        let folder = try TemporaryDirectory()
        // The gateway then hands this client a key of its own.
        let tagging = Self.gateway([[first], [second]])
        #expect(try await command(tagging, folder).configuration() == first)
        let later = command(tagging, folder)
        #expect(try await later.configuration() == first)
        let error = await #expect(throws: NetworkError.self) { _ = try await later.reload() }
        guard case .gatewayKeysUnavailable(let reason) = error else {
            Issue.record("expected the new key refused, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("another key") && reason.contains(WellKnownGatewayKeySource.keptFileName), "\(reason)")

        // A rotation keeps the old key for its overlap, so the new list still holds it:
        // taken, but sealed to the kept key alone until the kept lifetime has passed.
        let rotatedFolder = try TemporaryDirectory()
        let rotating = Self.gateway([[first], [second, first]])
        #expect(try await command(rotating, rotatedFolder).configuration() == first)
        let afterRotation = command(rotating, rotatedFolder)
        #expect(try await afterRotation.configuration() == first)
        #expect(try await afterRotation.reload() == false, "the kept key is still the one sealed to")
        #expect(try await afterRotation.configuration() == first)
        #expect(try await command(rotating, rotatedFolder).configuration() == first)
        clock.advance(by: 3_600)
        #expect(try await command(rotating, rotatedFolder).configuration() == second)
    }

    @Test("the unsealed ohttp-key problem earns one fetch a lifetime, however often a relay or hop forges it")
    func oneRefetchALifetime() async throws {
        let folder = try TemporaryDirectory()
        let gateway = Self.gateway([[first]])
        let start = command(gateway, folder)
        #expect(try await start.configuration() == first)
        #expect(try await start.reload() == false)
        #expect(try await command(gateway, folder).reload() == false)
        #expect(await gateway.requests.count == 2)

        // A new lifetime: fetched once as it begins, and one re-fetch again.
        clock.advance(by: 3_600)
        let next = command(gateway, folder)
        #expect(try await next.configuration() == first)
        #expect(try await next.reload() == false)
        #expect(try await command(gateway, folder).reload() == false)
        #expect(await gateway.requests.count == 4)
    }

    @Test("fresh for max-age, at least an hour (none or 0 included) and at most a day", arguments: [
        (Int?.none, Int64(4_600)), (0, 4_600), (60, 4_600), (3_600, 4_600), (7_200, 8_200), (31_536_000, 87_400),
    ])
    func lifetime(maxAge: Int?, freshUntil: Int64) {
        #expect(KeptGatewayKeys.freshUntil(maxAge: maxAge, now: 1_000) == freshUntil)
    }
}
