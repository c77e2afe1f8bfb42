/// Whose kept answers these are: the backend and the signed-in user. Two people sharing
/// a data folder never see each other's answers, and logout finds (by `keyPrefix`) and
/// removes exactly one user's.
struct CacheOwner: Sendable {
    /// Every key of this owner starts with it: the backend's address, then the user.
    let keyPrefix: String
    let userID: Int

    /// - Parameter namespace: tells apart the caches of different backends, e.g. the base URL.
    init(namespace: String, userID: Int) {
        self.userID = userID
        keyPrefix = "\(namespace) user \(userID) "
    }

    /// The key of the answer to `target` (the request line's path and query).
    func key(for target: String) -> String {
        keyPrefix + target
    }
}
