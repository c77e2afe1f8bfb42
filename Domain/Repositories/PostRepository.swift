/// The signed-in user's posts. Implemented by the Data layer.
public protocol PostRepository: Sendable {
    /// One page of the signed-in user's posts, in the order the store lists them (by id), as
    /// `policy` allows: a fresh cached page, the backend's, or a cached one when the
    /// backend cannot be reached. `notSignedIn` when no one is.
    func myPosts(_ paging: Paging, policy: ReadPolicy) async throws(StoreError) -> Fetched<PostPage>
}
