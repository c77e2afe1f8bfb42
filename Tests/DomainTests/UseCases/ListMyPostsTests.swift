import Domain
import TestSupport
import Testing

@Suite("ListMyPosts", .timeLimit(.minutes(1)))
struct ListMyPostsTests {
    @Test("a page is asked for with its paging and the read policy, and its answer passes through")
    func asks() async throws {
        let page = try PostPage(items: [], total: 0, paging: Paging(page: 3, pageSize: 4))
        let repository = SpyPostRepository(.success(Fetched(page, from: .network)))

        let result = try await ListMyPosts(repository: repository)(try Paging(page: 3, pageSize: 4), policy: .revalidate)

        #expect(result == Fetched(page, from: .network))
        let calls = await repository.calls
        #expect(calls.map(\.paging) == [try Paging(page: 3, pageSize: 4)])
        #expect(calls.map(\.policy) == [.revalidate])
    }

    @Test("each error of the repository passes through unchanged", arguments: Samples.repositoryErrors)
    func errors(error: StoreError) async throws {
        let repository = SpyPostRepository(.failure(error))

        await #expect(throws: error) { _ = try await ListMyPosts(repository: repository)(Paging()) }
    }
}
