/// Signs the person out, forgetting their session and cached profile.
public struct LogOut: Sendable {
    private let repository: any AuthRepository

    public init(repository: any AuthRepository) {
        self.repository = repository
    }

    public func callAsFunction() async throws(StoreError) {
        try await repository.logOut()
    }
}
