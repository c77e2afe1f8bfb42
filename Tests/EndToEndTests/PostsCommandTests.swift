import Foundation
import TestSupport
import Testing

/// `storefront posts`, the real binary against the bundled backend, sealed.
@Suite("storefront posts end to end", .serialized, .timeLimit(.minutes(5)), .stopsItsBackends)
struct PostsCommandTests {
    @Test("posts: the user's own, human and --json, kept for when the backend is away, and each error's status")
    func posts() async throws {
        let (backend, cli, _) = try await CLI.signedIn()
        let page = try await cli.run(["posts", "--limit", "5", "--page", "2"])
        let json = try await cli.run(["posts", "--limit", "5", "--page", "2", "--json"])
        let past = try await cli.run(["posts", "--page", "9"])
        let invalid = try await cli.run(["posts", "--limit", "0"])
        _ = try await cli.run(["logout"])
        let signedOut = try await cli.run(["posts"])
        _ = try await cli.run(["login", "--username", "sophiab", "--password-stdin"], input: "sophiabpass\n")
        let none = try await cli.run(["posts"])
        _ = try await cli.run(["logout"])
        _ = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
        _ = try await cli.run(["posts", "--limit", "5"])
        await backend.stop()
        let offline = try await cli.run(["posts", "--limit", "5"])
        let uncached = try await cli.run(["posts", "--limit", "5", "--page", "3"])

        #expect(page.status == 0, "\(page.everything)")
        #expect(page.standardOutput.contains("His mother") == false, "page 2 holds page 1's first post: \(page.standardOutput)")
        #expect(page.standardOutput.hasSuffix("\nShowing 6–10 of 11 posts by you\n"), "\(page.standardOutput)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any], "\(json.everything)")
        #expect((document["posts"] as? [[String: Any]])?.map { $0["id"] as? Int } == [9, 11, 12, 14, 15])
        #expect((document["total"] as? Int, document["skip"] as? Int, document["limit"] as? Int) == (11, 5, 5))
        #expect(document["source"] as? String == "network")
        #expect(past.status == 0 && past.standardOutput == "No results on page 9 by you (11 in all)\n", "\(past.everything)")
        #expect(invalid.status == 64, "\(invalid.everything)")
        #expect(signedOut.status == 77 && signedOut.standardError.contains("You are not signed in"), "\(signedOut.everything)")
        #expect(none.status == 0 && none.standardOutput == "You have written no posts yet.\n", "\(none.everything)")
        #expect(offline.status == 0 && offline.standardError.contains("offline: showing posts cached"), "\(offline.everything)")
        #expect(offline.standardOutput.hasSuffix("\nShowing 1–5 of 11 posts by you\n"), "\(offline.standardOutput)")
        #expect(uncached.status == 69, "\(uncached.everything)")
    }
}
