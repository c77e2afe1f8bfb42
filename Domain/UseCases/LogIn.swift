/// Signs a person in with a username and password.
public struct LogIn: Sendable {
    private let repository: any AuthRepository

    public init(repository: any AuthRepository) {
        self.repository = repository
    }

    /// Validates the input (a blank username or an empty password never reaches the
    /// server), then signs in.
    public func callAsFunction(username: String, password: String) async throws(StoreError) -> User {
        let credentials: Credentials
        do {
            credentials = try Credentials(username: username, password: password)
        } catch {
            throw .invalidInput(error)
        }
        return try await repository.logIn(credentials)
    }
}
