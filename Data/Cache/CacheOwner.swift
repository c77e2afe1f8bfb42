/// Whose kept answers these are: the backend and the signed-in user. Answers under
/// `/auth/` are per user, so two people sharing a data folder never see each other's,
/// and logout can find (by this prefix) and remove exactly one user's.
struct CacheOwner: Sendable {
    /// Every key of this owner starts with it: the backend's address, then the user.
    let keyPrefix: String

    init(namespace: String, userID: Int) {
        keyPrefix = "\(namespace) user \(userID) "
    }

    /// The key of the answer to `target` (the request line's path and query).
    func key(for target: String) -> String {
        keyPrefix + target
    }

    /// The owner for the stored session; nil when no one is signed in (or the session
    /// cannot be read, which the request itself will then report).
    static func signedIn(namespace: String, sessions: any SessionStore) async -> CacheOwner? {
        guard let session = try? await sessions.load() else { return nil }
        return CacheOwner(namespace: namespace, userID: session.userID)
    }
}
