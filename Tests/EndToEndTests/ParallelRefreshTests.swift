import Foundation
import Infrastructure
import TestSupport
import Testing

/// Several `storefront` processes on one data folder, all holding the same expired
/// access token, against a backend whose refresh tokens are single-use: exactly one of
/// them may refresh, and the others must use what it saved. On each session store:
/// the lock and the session must both reach across processes.
@Suite("Refresh shared by parallel processes", .serialized, .timeLimit(.minutes(5)), .stopsItsBackends)
struct ParallelRefreshTests {
    @Test("8 processes start together on an expired token, 10 rounds: all succeed, one refresh a round", arguments: ClientSessionStore.usable)
    func eightProcesses(store: ClientSessionStore) async throws {
        let clock = FakeWallClock(Date())
        let (backend, cli, _) = try await CLI.signedIn(clock: clock, tokenLifetime: .seconds(60), sessionStore: store)

        for round in 1...10 {
            clock.advance(by: 120) // every access token issued so far has expired
            let before = await backend.server.refreshCount()

            let statuses = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
                for _ in 0..<8 {
                    // --refresh: a fresh cached page would answer without a request.
                    group.addTask { try await cli.run(["search", "phone", "--refresh"]) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            let refreshes = await backend.server.refreshCount() - before
            let failures = statuses.filter { $0.status != 0 }
            #expect(failures.isEmpty, "round \(round): \(failures.map { "\($0.status): \($0.standardError)" })")
            #expect(refreshes == 1, "round \(round): \(refreshes) refreshes")
            #expect(try await cli.storedSession() != nil, "round \(round): the session was cleared")
        }
    }
}
