/// Signing in and out, and who is signed in. Implemented by the Data layer.
public protocol AuthRepository: Sendable {
    /// Exchanges credentials for a session and remembers it.
    /// A failure leaves any earlier session as it was.
    func logIn(_ credentials: Credentials) async throws(StoreError) -> User

    /// The signed-in user, as `policy` allows: from the cache, the backend, or the
    /// cache when the backend cannot be reached.
    func currentUser(policy: ReadPolicy) async throws(StoreError) -> Fetched<User>

    /// Asks the store to end the session, then forgets it and every answer cached for
    /// this user, whatever the store said; what the store did comes back. Succeeds when
    /// already signed out. Fails only when the session cannot be forgotten here.
    func logOut() async throws(StoreError) -> SessionEnding
}
