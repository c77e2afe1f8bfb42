/// Asks the backend whether the stored session still holds (`storefront status
/// --check`): who is signed in, past any answer kept from before.
public struct CheckSession: Sendable {
    private let repository: any AuthRepository

    public init(repository: any AuthRepository) {
        self.repository = repository
    }

    public func callAsFunction() async -> SessionCheck {
        do {
            let result = try await repository.currentUser(policy: .revalidate)
            switch result.origin {
            case .network: return .accepted
            case .cache(_, let reason): return .unchecked(reason)
            }
        } catch .notSignedIn {
            return .notSignedIn
        } catch {
            return .refused(error)
        }
    }
}

/// What the backend said of the stored session.
public enum SessionCheck: Equatable, Sendable {
    /// No session to ask about.
    case notSignedIn
    /// The backend accepts it.
    case accepted
    /// The backend was away, busy or failing (the kept answer stood in), so the session
    /// is neither accepted nor refused.
    case unchecked(CacheReason)
    /// Asking failed for this reason: the session expired, or the answer was unusable.
    case refused(StoreError)
}
