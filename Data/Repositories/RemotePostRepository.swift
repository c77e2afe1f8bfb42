import Domain

/// The signed-in user's posts through the store client: the path names the user the
/// session names, the same user the kept answers are filed under.
public struct RemotePostRepository: PostRepository {
    private let client: StoreClient

    public init(client: StoreClient) {
        self.client = client
    }

    public func myPosts(_ paging: Paging, policy: ReadPolicy) async throws(StoreError) -> Fetched<PostPage> {
        let userID = try await client.signedInUserID()
        return try await client.read(StoreEndpoints.posts(ofUser: userID, paging), policy: policy)
    }
}
