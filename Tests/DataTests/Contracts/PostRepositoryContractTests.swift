import Data
import Domain
import TestSupport
import Testing

/// A posts repository under the contract: the repository, how to sign its user in, a
/// way to take the backend away, and what it must answer.
struct PostSubject: Sendable {
    let repository: any PostRepository
    let signIn: @Sendable () async throws -> Void
    let goOffline: @Sendable () async -> Void
    let answers: PostAnswers
}

/// What the signed-in user's posts must be, as a literal table: a page size, and the
/// ids on pages 1, 2, …, and the empty page past the end. Read off the fake's rows, or
/// recorded from `storefront-server` (whose demo posts are fixed), never worked out by
/// code like the implementations'.
struct PostAnswers: Sendable {
    let size: Int
    let pages: [[Int]]
    let total: Int

    /// `FakePostRepository` over `PostRepositoryKind.samplePosts`, read off its rows.
    static let sample = PostAnswers(size: 2, pages: [[2, 5], [9], []], total: 3)
    /// `emilys` on `storefront-server`, recorded from its answers.
    static let demo = PostAnswers(size: 5, pages: [[1, 3, 4, 6, 8], [9, 11, 12, 14, 15], [17], []], total: 11)
}

/// One way to run a clause against a posts repository. Yours joins by being added to `all`.
struct PostRepositoryKind: Sendable, CustomTestStringConvertible {
    let name: String
    let with: @Sendable (_ body: @Sendable (PostSubject) async throws -> Void) async throws -> Void

    var testDescription: String { name }

    /// Three posts of user 1 (ids 2, 5, 9) among two of user 2's, listed out of order.
    static func samplePosts() throws -> [(author: UserID, post: Post)] {
        try [(2, 1), (1, 9), (1, 2), (2, 7), (1, 5)].map { author, id in
            (UserID(author), try Post(id: id, title: "Post \(id)", body: "", tags: [], likes: 0, dislikes: 0, views: 0))
        }
    }

    /// The fake with the sample posts, with a mistake planted or none.
    static func fake(planting mistake: FakePostRepository.PlantedMistake? = nil) -> PostRepositoryKind {
        PostRepositoryKind(name: mistake.map { "FakePostRepository planting \($0)" } ?? "FakePostRepository") { body in
            let repository = FakePostRepository(posts: try samplePosts(), planting: mistake)
            try await body(PostSubject(
                repository: repository,
                signIn: { await repository.signIn(as: UserID(1)) },
                goOffline: { await repository.goOffline() },
                answers: .sample
            ))
        }
    }

    /// The real repository against a loopback `storefront-server`, signed in as `emilys`.
    static let remote = PostRepositoryKind(name: "RemotePostRepository") { body in
        try await RemoteStack.with(productCount: 12) { stack in
            try await body(PostSubject(
                repository: RemotePostRepository(client: stack.client),
                signIn: { _ = try await stack.accounts.logIn(Credentials(username: "emilys", password: "emilyspass")) },
                goOffline: { await stack.goOffline() },
                answers: .demo
            ))
        }
    }

    static let all: [PostRepositoryKind] = [.fake(), .remote]
}

/// What every `PostRepository` must do: only a signed-in user's own posts, paged in id
/// order, and the kept pages when the backend is away.
enum PostRepositoryContract {
    static let signedOut = ContractClause<PostRepositoryKind>("signed out, myPosts is notSignedIn under every policy") { kind in
        try await kind.with { subject in
            for policy in [ReadPolicy.standard, .cacheOnly, .revalidate] {
                await #expect(throws: StoreError.notSignedIn) { _ = try await subject.repository.myPosts(Paging(), policy: policy) }
            }
        }
    }

    static let pages = ContractClause<PostRepositoryKind>("pages hold the user's own posts in id order, the total on each, then an empty page") { kind in
        try await kind.with { subject in
            try await subject.signIn()
            let answers = subject.answers
            for (index, ids) in answers.pages.enumerated() {
                let page = try await subject.repository.myPosts(Paging(page: index + 1, pageSize: answers.size), policy: .standard)
                #expect(page.value.posts.map(\.id) == ids, "page \(index + 1)")
                #expect(page.value.total == answers.total, "page \(index + 1)")
                #expect(page.origin == .network)
            }
        }
    }

    static let offline = ContractClause<PostRepositoryKind>("with the backend away: a page read before is the kept one, saying so; another is offline") { kind in
        try await kind.with { subject in
            try await subject.signIn()
            let first = try Paging(page: 1, pageSize: subject.answers.size)
            let read = try await subject.repository.myPosts(first, policy: .standard)
            #expect(try await subject.repository.myPosts(first, policy: .cacheOnly) == Fetched(read.value, from: .cache(age: .zero, reason: .offlineRequested)))
            await #expect(throws: StoreError.notCached) {
                _ = try await subject.repository.myPosts(Paging(page: 2, pageSize: subject.answers.size), policy: .cacheOnly)
            }
            await subject.goOffline()
            #expect(try await subject.repository.myPosts(first, policy: .standard) == Fetched(read.value, from: .cache(age: .zero, reason: .backendUnreachable)))
            await #expect(throws: StoreError.offline) {
                _ = try await subject.repository.myPosts(Paging(page: 2, pageSize: subject.answers.size), policy: .standard)
            }
        }
    }

    static let clauses = [signedOut, pages, offline]

    /// The clauses each planted mistake must fail, and no others.
    static func catching(_ mistake: FakePostRepository.PlantedMistake) -> [ContractClause<PostRepositoryKind>] {
        switch mistake {
        case .pagesFromZero: [pages]
        case .everyonesPosts: [pages]
        }
    }
}

@Suite("The PostRepository contract: the fake and the remote repository over storefront-server", .timeLimit(.minutes(2)))
struct PostRepositoryContractTests {
    @Test("every repository keeps each clause", arguments: ContractCase.all(PostRepositoryKind.all, PostRepositoryContract.clauses))
    func keeps(_ row: ContractCase<PostRepositoryKind>) async throws {
        try await row.clause.check(row.subject)
    }

    @Test("a mistake planted in the fake fails exactly the clauses that should catch it", arguments: FakePostRepository.PlantedMistake.allCases)
    func planted(_ mistake: FakePostRepository.PlantedMistake) async {
        let failing = await PostRepositoryContract.clauses.failing(for: PostRepositoryKind.fake(planting: mistake))
        #expect(failing == PostRepositoryContract.catching(mistake).map(\.promise))
    }
}
