/// Finds one page of the signed-in user's posts.
public struct ListMyPosts: Sendable {
    private let repository: any PostRepository

    public init(repository: any PostRepository) {
        self.repository = repository
    }

    /// Asks for one page; the paging is valid, as `Paging` makes sure.
    public func callAsFunction(_ paging: Paging, policy: ReadPolicy = .standard) async throws(StoreError) -> Fetched<PostPage> {
        try await repository.myPosts(paging, policy: policy)
    }
}
