import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the store client keeps for a user as they sign in and out: a login's answer
/// carries the user, kept for `whoami` offline; a logout drops every answer kept for
/// that user, before the session that names them goes.
extension StoreClient {
    /// The signed-in user's id, for a request that names it (a path such as
    /// `/auth/carts/user/{id}`): asked as the cache's owner is, so the path and the key
    /// its answer is kept under name the same user. `notSignedIn` when no one is.
    func signedInUserID() async throws(StoreError) -> Int {
        guard let owner = try await owner() else { throw .notSignedIn }
        return owner.userID
    }

    /// At login: `user` as `GET /auth/me` would answer, so `whoami` works offline;
    /// stale at once, so a reachable backend is still asked.
    func keepSignedIn(_ user: User) async {
        guard let body = try? JSONEncoder().encode(UserDTO(user)) else { return }
        let key = CacheOwner(namespace: namespace, userID: user.id.rawValue).key(for: StoreEndpoints.currentUser.target)
        await cache.store([UInt8](body), for: key, validity: CacheValidity())
    }

    /// At logout: every answer kept for the signed-in user goes. Called before the
    /// session is cleared, while it still says whose they are.
    /// A session that cannot be read names no one, so nothing is dropped: logout goes
    /// on to remove that session all the same.
    func forgetSignedIn() async {
        guard let owner = try? await owner() else { return }
        await cache.removeAll(keyPrefix: owner.keyPrefix)
    }
}
