import Backend
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A gateway killed with SIGKILL at the worst moment of a refresh: after the store
/// committed it (the old refresh token spent, the new pair kept) and before the answer
/// left. The kill is placed there, not hoped for: the gateway's access tokens have
/// expired when granted, so the client's first request meets a 401 and refreshes; the
/// gateway writes each request's log line once its work is done and then holds the
/// answer for `--latency-ms`; the test kills it when the refresh's line appears.
@Suite("A refresh cut short between its commit and its answer", .timeLimit(.minutes(2)))
struct RefreshCutShortTests {
    @Test(
        "the client keeps its session and shows its kept profile, saying it is offline; the next refresh finds the token spent, and the user signs in again",
        arguments: StoreDatabaseKind.tested
    )
    func killedAfterCommit(database: StoreDatabaseKind) async throws {
        let state = try await TwoServeProcessesTests.SharedState(database)
        let ring = state.folder.file("ohttp-gateway-keys.jwks")
        let shape = ["--token-lifetime-seconds", "0"]
        let (slow, document) = try await TwoServeProcessesTests.serve(state, shape + ["--latency-ms", "5000"], keepingLog: true)
        let (url, keyFile) = (try #require(document["url"] as? String), try #require(document["keyFile"] as? String))
        let log = try #require(slow.log)
        var cli = try CLI(backend: nil, key: nil)
        cli.environment["STOREFRONT_BASE_URL"] = url
        cli.environment["STOREFRONT_OHTTP_KEYS_FILE"] = keyFile
        let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        #expect(login.status == 0, "\(login.everything)")
        let session = try await cli.storedSession()

        let client = cli
        async let cut = client.run(["whoami"])
        let committed = try await firstOutputLine(of: slow.process, from: log) { $0.contains("inside: POST /auth/refresh 200") }
        let identifier = slow.process.processIdentifier
        kill(identifier, SIGKILL)
        try await runOffPool {
            var status: Int32 = 0
            _ = waitpid(identifier, &status, 0)
        }
        let cutShort = try await cut
        #expect(committed != nil, "the refresh never reached its commit")
        // The gateway gone, the profile kept at login stands in, and says so.
        #expect(cutShort.status == 0, "\(cutShort.everything)")
        #expect(cutShort.standardError.contains("offline: showing your profile cached"), "\(cutShort.standardError)")
        #expect(try await cli.storedSession() == session, "a refresh with no answer says nothing of the session: it is kept")

        // The same store again, answering at once: the token the client holds was spent.
        let (again, restarted) = try await TwoServeProcessesTests.serve(state, shape + ["--gateway-key-file", ring])
        cli.environment["STOREFRONT_BASE_URL"] = try #require(restarted["url"] as? String)
        let next = try await cli.run(["whoami"])
        #expect(next.status == 77, "\(next.everything)")
        #expect(next.standardError.contains("Your session has expired; run `storefront login --username NAME` to sign in again."), "\(next.standardError)")
        let relogin = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        #expect(relogin.status == 0, "\(relogin.everything)")
        // Up until here: its deinit ends the process.
        withExtendedLifetime(again) {}
        await state.postgres?.drop()
    }
}
