/// Signing in and out, and who is signed in. Implemented by the Data layer.
public protocol AuthRepository: Sendable {
    /// Exchanges credentials for a session and remembers it.
    /// A failure leaves any earlier session as it was.
    func logIn(_ credentials: Credentials) async throws(StoreError) -> User

    /// The signed-in user: from the backend when it answers, else from the cache.
    func currentUser() async throws(StoreError) -> Fetched<User>

    /// Forgets the session and the cached user. Succeeds when already signed out.
    func logOut() async throws(StoreError)
}
