/// Tells who is signed in, and whether that answer is fresh or cached.
public struct GetCurrentUser: Sendable {
    private let repository: any AuthRepository

    public init(repository: any AuthRepository) {
        self.repository = repository
    }

    public func callAsFunction(policy: ReadPolicy = .standard) async throws(StoreError) -> Fetched<User> {
        try await repository.currentUser(policy: policy)
    }
}
