import Synchronization

/// What one exchange carries beside its HTTP request, as swift-openapi-runtime's
/// operation ID does: what the chain needs to know that HTTP does not say, and what a
/// link tells the caller back. One per exchange; the store client makes it.
public final class ExchangeContext: Sendable {
    /// Whether the auth interceptor must add the bearer token (and renew it on a 401).
    public let requiresAuthentication: Bool
    private let answeringAttempt = Mutex(1)

    public init(requiresAuthentication: Bool = false) {
        self.requiresAuthentication = requiresAuthentication
    }

    /// Which try of the request the answer came from: 1 unless the retry interceptor had
    /// to try again. The `--verbose` line says so.
    public var attempt: Int {
        answeringAttempt.withLock { $0 }
    }

    func recordAttempt(_ attempt: Int) {
        answeringAttempt.withLock { $0 = attempt }
    }
}
