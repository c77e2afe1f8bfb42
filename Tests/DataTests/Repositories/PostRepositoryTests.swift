@testable import Data
import Domain
import TestSupport
import Testing

@Suite("RemotePostRepository", .timeLimit(.minutes(2)))
struct PostRepositoryTests {
    /// `/posts/user/121?limit=2`, shaped by hand as DummyJSON sends it (reactions as an
    /// object, `userId` on each post, `limit` the count sent back).
    static let recording = Fixtures.recorded("userPosts.json")

    @Test("a page: the session's user in the path, limit and skip in the query, DummyJSON's shape mapped")
    func page() async throws {
        let harness = try RepositoryHarness()
        let transport = SpyTransport(always: .json(200, Self.recording))

        let result = try await RemotePostRepository(client: harness.client(transport)).myPosts(Paging(page: 1, pageSize: 2), policy: .standard)

        #expect(await transport.requests.map(\.target) == ["/auth/posts/user/1?limit=2&skip=0"])
        #expect(await transport.requests.first?.header("Authorization") == "Bearer a1", "an authenticated call")
        #expect(result.value.posts.map(\.id) == [1, 2])
        #expect(result.value.total == 3)
        let first = try #require(result.value.posts.first)
        #expect(first.title == "His mother had always taught him")
        #expect(first.tags == ["history", "american", "crime"])
        #expect((first.likes, first.dislikes, first.views) == (192, 25, 305))
        #expect(result.origin == .network)
    }

    @Test("signed out: notSignedIn, and nothing is sent")
    func signedOut() async throws {
        let harness = try RepositoryHarness(session: nil)
        let transport = SpyTransport(always: .json(200, Self.recording))

        await #expect(throws: StoreError.notSignedIn) {
            _ = try await RemotePostRepository(client: harness.client(transport)).myPosts(Paging(), policy: .standard)
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test("an answer for another page than asked, or a post without a title, is unusable and kept nowhere", arguments: [
        #"{"posts":[],"total":3,"skip":5,"limit":0}"#,
        #"{"posts":[{"id":1,"title":" ","reactions":{"likes":1,"dislikes":0}}],"total":1,"skip":0,"limit":1}"#,
        #"{"posts":[{"id":1,"title":"t","reactions":{"likes":-1,"dislikes":0}}],"total":1,"skip":0,"limit":1}"#,
    ])
    func unusable(body: String) async throws {
        let harness = try RepositoryHarness()

        await #expect(throws: StoreError.self) {
            _ = try await RemotePostRepository(client: harness.client(SpyTransport(always: .json(200, body)))).myPosts(Paging(), policy: .standard)
        }
        await #expect(throws: StoreError.notCached) {
            _ = try await RemotePostRepository(client: harness.client(SpyTransport(failing: .cannotConnect(reason: "x")))).myPosts(Paging(), policy: .cacheOnly)
        }
    }

    @Test("offline: the kept page, with its age")
    func offline() async throws {
        let harness = try RepositoryHarness()
        let paging = try Paging(page: 1, pageSize: 2)
        _ = try await RemotePostRepository(client: harness.client(SpyTransport(always: .json(200, Self.recording)))).myPosts(paging, policy: .standard)
        harness.clock.advance(by: 120)

        let kept = try await RemotePostRepository(client: harness.client(SpyTransport(failing: .cannotConnect(reason: "refused")))).myPosts(paging, policy: .standard)

        #expect(kept.value.posts.map(\.id) == [1, 2])
        #expect(kept.origin == .cache(age: .seconds(120), reason: .backendUnreachable))
    }
}
