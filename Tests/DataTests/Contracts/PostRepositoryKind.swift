import Data
import Domain
import TestSupport
import Testing

/// One posts repository the contract runs over, handed to a clause as the paged list of
/// the signed-in user's posts. Yours joins by being added to `all`.
struct PostRepositoryKind: ContractImplementation {
    let name: String
    let with: @Sendable (_ body: @Sendable (PagedList) async throws -> Void) async throws -> Void

    /// Every posts repository the contract runs over: the fake, and the real one.
    static let all: [PostRepositoryKind] = [.fake(), .remote]

    /// The fake with three posts of user 1 (ids 2, 5, 9) among two of user 2's, listed
    /// out of order; with a mistake planted, or none. It does less than the remote
    /// repository: no cache, so a page it gave before is kept whole, never revalidated or
    /// aged.
    static func fake(planting mistake: FakePostRepository.PlantedMistake? = nil) -> PostRepositoryKind {
        PostRepositoryKind(
            name: mistake.map { "FakePostRepository planting \($0)" } ?? "FakePostRepository"
        ) { body in
            let posts = try [(2, 1), (1, 9), (1, 2), (2, 7), (1, 5)].map { author, id in
                (UserID(author), try Post(id: id, title: "Post \(id)", body: "", tags: [], likes: 0, dislikes: 0, views: 0))
            }
            let repository = FakePostRepository(posts: posts, planting: mistake)
            try await body(PagedList(
                read: { paging, policy throws(StoreError) in try await repository.myPosts(paging, policy: policy).seen },
                signIn: { await repository.signIn(as: UserID(1)) },
                goOffline: { await repository.goOffline() },
                // Read off the rows above.
                answers: PageAnswers(size: 2, pages: [[2, 5], [9], []], total: 3)
            ))
        }
    }

    /// The real repository against a loopback `storefront-server`, signed in as `emilys`.
    static let remote = PostRepositoryKind(name: "RemotePostRepository") { body in
        try await RemoteStack.with(productCount: 12) { stack in
            let repository = RemotePostRepository(client: stack.client)
            try await body(PagedList(
                read: { paging, policy throws(StoreError) in try await repository.myPosts(paging, policy: policy).seen },
                signIn: { _ = try await stack.accounts.logIn(Credentials(username: "emilys", password: "emilyspass")) },
                goOffline: { await stack.goOffline() },
                // `emilys` on `storefront-server`, whose demo posts are fixed: recorded from its answers.
                answers: PageAnswers(size: 5, pages: [[1, 3, 4, 6, 8], [9, 11, 12, 14, 15], [17], []], total: 11)
            ))
        }
    }
}

extension Fetched<PostPage> {
    /// The page as the paged-list clauses compare it.
    var seen: Fetched<PagedList.Seen> {
        Fetched<PagedList.Seen>(value.seen(\.id), from: origin)
    }
}
