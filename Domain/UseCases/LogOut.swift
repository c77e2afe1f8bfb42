/// Signs the person out: the store is asked to end the session, and the session and
/// cached profile are forgotten here whatever it says.
public struct LogOut: Sendable {
    private let repository: any AuthRepository

    public init(repository: any AuthRepository) {
        self.repository = repository
    }

    public func callAsFunction() async throws(StoreError) -> SessionEnding {
        try await repository.logOut()
    }
}
