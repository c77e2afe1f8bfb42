@testable import Backend
import Foundation
import Infrastructure
import TestSupport
import Testing

/// The replay memory under attack: gateways whose clocks disagree, and a flood of
/// requests dated ahead, on every store, through `GatewayTests`' gateway and client.
@Suite("The replay memory under attack", .timeLimit(.minutes(2)))
struct GatewayReplayAttackTests {
    let gateway: GatewayTests
    var clock: FakeWallClock { gateway.clock }
    var now: Int64 { gateway.now }
    var current: ObliviousGatewayKey { gateway.current }

    init() throws {
        gateway = try GatewayTests()
    }

    @Test(
        "two gateways, one a minute fast and sweeping: a login replayed to the slow one near the end of its window is refused (425)",
        arguments: BackendStoreKind.all
    )
    func fastGatewaySweepsNothingTheSlowOneNeeds(kind: BackendStoreKind) async throws {
        try await kind.with { store, _ in
            let fastClock = FakeWallClock(clock.now.addingTimeInterval(60))
            let slow = try gateway.handler(store: store)
            let (login, opener) = try gateway.encapsulated("POST", "/auth/login", json: GatewayTests.login, to: current)
            #expect(try gateway.open(await slow.handle(login, bodyTooLarge: false), with: opener).status == 200)

            clock.advance(by: 280)
            fastClock.advance(by: 280)
            try await StoreServer.sweep(store, at: Int64(fastClock.now.timeIntervalSince1970))
            #expect(try gateway.open(await slow.handle(login, bodyTooLarge: false), with: opener).status == 425)
            let fast = try gateway.handler(store: store, gatewayClock: fastClock)
            #expect(try gateway.open(await fast.handle(login, bodyTooLarge: false), with: opener).status == 400, "past the fast one's window")
        }
    }

    @Test(
        "a flood of requests dated ahead fills only its own share: every login dated now is served after it, and a flood request not remembered is served once when its date comes",
        arguments: BackendStoreKind.all
    )
    func floodDatedAhead(kind: BackendStoreKind) async throws {
        // Room for 20 requests served and 2 refused for their date.
        try await kind.with(capacity: 20) { store, _ in
            let handler = try gateway.handler(store: store)
            var flood: [(StoreRequest, ObliviousResponseOpener)] = []
            for ahead in 0..<60 {
                flood.append(try gateway.encapsulated("GET", "/auth/me", to: current, date: now + 400 + Int64(ahead % 3) * 40_000))
            }
            var floodStatuses: Set<Int> = []
            for (request, opener) in flood {
                floodStatuses.insert(try gateway.open(await handler.handle(request, bodyTooLarge: false), with: opener).status)
            }
            #expect(floodStatuses == [400])

            var logins: [Int] = []
            for _ in 0..<10 {
                let (login, opener) = try gateway.encapsulated("POST", "/auth/login", json: GatewayTests.login, to: current)
                logins.append(try gateway.open(await handler.handle(login, bodyTooLarge: false), with: opener).status)
            }
            #expect(logins == Array(repeating: 200, count: 10))

            // When their date comes: the first, remembered, is a replay; the fourth came
            // with the share full and was not remembered, so it is served, once
            // (docs/PROTOCOL.md, rule 4).
            clock.advance(by: 400)
            var later: [Int] = []
            for (request, opener) in [flood[0], flood[3], flood[3]] {
                later.append(try gateway.open(await handler.handle(request, bodyTooLarge: false), with: opener).status)
            }
            #expect(later == [425, 401, 425])
        }
    }
}
