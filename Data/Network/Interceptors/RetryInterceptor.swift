import Infrastructure

/// Tries an idempotent request again when the backend stopped answering (reset, timed
/// out, cut short) or answered 502, 503 or 504: at most `maximumAttempts` tries in all, waiting with exponential
/// backoff and jitter in between. A refused connection or an unknown host is not
/// retried: nothing is listening, and waiting will not change that. POST is never
/// repeated: a login sent twice is not harmless. Cancellation stops the retrying at once, mid-wait included.
public struct RetryInterceptor: HTTPInterceptor {
    /// When and how often to try again.
    public struct Policy: Sendable {
        public var maximumAttempts: Int
        /// The wait before the second try; it doubles for each try after that.
        public var baseDelay: Duration
        public var retryableStatuses: Set<Int>

        public init(maximumAttempts: Int = 3, baseDelay: Duration = .milliseconds(100), retryableStatuses: Set<Int> = [502, 503, 504]) {
            self.maximumAttempts = maximumAttempts
            self.baseDelay = baseDelay
            self.retryableStatuses = retryableStatuses
        }
    }

    private let policy: Policy
    private let sleeper: any Sleeper
    private let jitter: @Sendable () -> Double

    /// - Parameter jitter: a number in `0..<1`; injected so tests get repeatable waits.
    public init(
        policy: Policy = Policy(),
        sleeper: any Sleeper,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.policy = policy
        self.sleeper = sleeper
        self.jitter = jitter
    }

    public func intercept(_ request: HTTPRequest, next: @escaping HTTPHandler) async throws(NetworkError) -> HTTPResponse {
        guard request.method.isIdempotent else {
            return try await next(request)
        }
        var attempt = 1
        while true {
            if Task.isCancelled { throw .cancelled }
            do {
                var response = try await next(request)
                response.attempt = attempt
                guard policy.retryableStatuses.contains(response.status), attempt < policy.maximumAttempts else {
                    return response
                }
            } catch .unreachable(let reason) {
                guard attempt < policy.maximumAttempts else { throw .unreachable(reason: reason) }
            }
            try await wait(before: attempt + 1)
            attempt += 1
        }
    }

    /// Equal jitter: half of the exponential delay is fixed, half is random, so clients
    /// that failed together do not all come back at the same instant.
    func delay(before attempt: Int) -> Duration {
        let exponential = policy.baseDelay * (1 << (attempt - 2))
        return exponential / 2 + exponential / 2 * jitter()
    }

    private func wait(before attempt: Int) async throws(NetworkError) {
        do {
            try await sleeper.sleep(for: delay(before: attempt))
        } catch {
            throw .cancelled
        }
    }
}
