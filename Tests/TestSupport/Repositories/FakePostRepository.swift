import Domain

/// A working in-memory store of posts, for tests that want `storefront posts` to behave
/// like the store: only a signed-in user's own posts, in id order, paged by `Paging`;
/// `notSignedIn` when no one is. Taken offline, it answers a page it gave before from
/// what it kept, saying so, and `offline` for one it never gave. It keeps
/// `PostRepositoryContractTests`, which holds it and `RemotePostRepository` to the
/// same outcomes.
public actor FakePostRepository: PostRepository {
    /// A mistake a hand-written posts double makes, planted on purpose: the contract
    /// suite shows that each one fails the clauses that should catch it.
    public enum PlantedMistake: CaseIterable, Sendable {
        /// Skips `page * size` posts, as if pages counted from 0.
        case pagesFromZero
        /// Lists every user's posts, not only the signed-in user's.
        case everyonesPosts
    }

    private let mistake: PlantedMistake?
    private let posts: [(author: UserID, post: Post)]
    private var signedIn: UserID?
    private var reachable = true
    private var given: Set<Paging> = []

    /// - Parameters:
    ///   - posts: every post of the store, with the user who wrote it.
    ///   - mistake: none, unless a test shows the contract catching it.
    public init(posts: [(author: UserID, post: Post)], planting mistake: PlantedMistake? = nil) {
        self.posts = posts
        self.mistake = mistake
    }

    public func signIn(as user: UserID) {
        signedIn = user
    }

    /// From now on the backend cannot be reached.
    public func goOffline() {
        reachable = false
    }

    public func myPosts(_ paging: Paging, policy: ReadPolicy) async throws(StoreError) -> Fetched<PostPage> {
        guard let user = signedIn else { throw .notSignedIn }
        let theirs = posts.filter { mistake == .everyonesPosts || $0.author == user }.map(\.post).sorted { $0.id < $1.id }
        let skip = mistake == .pagesFromZero ? paging.page * paging.pageSize : paging.skip
        let page: PostPage
        do {
            page = try PostPage(items: Array(theirs.dropFirst(skip).prefix(paging.pageSize)), total: theirs.count, paging: paging)
        } catch {
            throw .unusableResponse(Diagnostic("\(error)"))
        }
        switch (policy, reachable) {
        case (.cacheOnly, _):
            guard given.contains(paging) else { throw .notCached }
            return Fetched(page, from: .cache(age: .zero, reason: .offlineRequested))
        case (_, false):
            guard given.contains(paging) else { throw .offline }
            return Fetched(page, from: .cache(age: .zero, reason: .backendUnreachable))
        case (_, true):
            given.insert(paging)
            return Fetched(page, from: .network)
        }
    }
}

/// A `PostRepository` that records each call and answers from a script.
public actor SpyPostRepository: PostRepository {
    public private(set) var calls: [(paging: Paging, policy: ReadPolicy)] = []
    private let result: Result<Fetched<PostPage>, StoreError>

    public init(_ result: Result<Fetched<PostPage>, StoreError>) {
        self.result = result
    }

    public func myPosts(_ paging: Paging, policy: ReadPolicy) async throws(StoreError) -> Fetched<PostPage> {
        calls.append((paging, policy))
        return try result.get()
    }
}
