#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Infrastructure

/// Tries an idempotent request again when the backend stopped answering (reset, timed
/// out, cut short) or answered 502, 503 or 504: at most `maximumAttempts` tries in all,
/// waiting with exponential backoff and jitter in between. A refused connection or an
/// unknown host is not retried: nothing is listening, and waiting will not change that.
///
/// A backend that asks to wait (429, or 503 with `Retry-After`) is obeyed once, when it
/// asks for at most `longestWait`: the wait is announced (a spinner says so), spent,
/// and the request asked again. A longer wait, a 429 without one, or a second "wait"
/// goes back to the caller, who may answer from the cache instead: a command that
/// stalls for a minute is worse than one that says "try again in a minute".
///
/// POST is never repeated: a login sent twice is not harmless. Cancellation stops the
/// retrying at once, mid-wait included. How a wait is read from `Retry-After` is
/// `RetryAfter`'s.
public struct RetryInterceptor: HTTPInterceptor {
    /// When and how often to try again.
    public struct Policy: Sendable {
        public var maximumAttempts: Int
        /// The wait before the second try; it doubles for each try after that.
        public var baseDelay: Duration
        /// The longest `Retry-After` that is waited out rather than reported.
        public var longestWait: Duration

        public init(
            maximumAttempts: Int = 3,
            baseDelay: Duration = .milliseconds(100),
            longestWait: Duration = .seconds(5)
        ) {
            self.maximumAttempts = maximumAttempts
            self.baseDelay = baseDelay
            self.longestWait = longestWait
        }
    }

    private let policy: Policy
    private let sleeper: any Sleeper
    private let clock: any WallClock
    private let jitter: @Sendable () -> Double
    private let announceWait: @Sendable (Duration) -> Void

    /// - Parameters:
    ///   - clock: reads `Retry-After` given as a date.
    ///   - jitter: a number in `0..<1`; injected so tests get repeatable waits.
    ///   - announceWait: told before a wait the backend asked for, so a person sees why nothing happens.
    public init(
        policy: Policy = Policy(),
        sleeper: any Sleeper,
        clock: any WallClock = SystemWallClock(),
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        announceWait: @escaping @Sendable (Duration) -> Void = { _ in }
    ) {
        self.policy = policy
        self.sleeper = sleeper
        self.clock = clock
        self.jitter = jitter
        self.announceWait = announceWait
    }

    public func intercept(
        _ request: HTTPRequest,
        body: [UInt8]?,
        context: ExchangeContext,
        next: @escaping HTTPHandler
    ) async throws(NetworkError) -> HTTPAnswer {
        guard request.method.isIdempotent else {
            return try await next(request, body)
        }
        var attempt = 1
        var waitedAsAsked = false
        while true {
            if Task.isCancelled { throw .transport(.cancelled) }
            do {
                var answer = try await next(request, body)
                answer.attempt = attempt
                switch AnswerMeaning(of: answer.response, now: clock.now) {
                case .askedToWait(let wait):
                    guard !waitedAsAsked, let wait, wait <= policy.longestWait else { return answer }
                    waitedAsAsked = true
                    announceWait(wait)
                    try await sleep(for: wait)
                    attempt += 1
                    continue
                case .unavailable where attempt < policy.maximumAttempts:
                    break // tried again below, after the backoff
                default:
                    return answer
                }
            } catch .transport(.unreachable(let reason)) {
                guard attempt < policy.maximumAttempts else { throw .transport(.unreachable(reason: reason)) }
            } catch .gatewayUnreachable(let status) {
                guard attempt < policy.maximumAttempts else { throw .gatewayUnreachable(status: status) }
            }
            try await sleep(for: delay(before: attempt + 1))
            attempt += 1
        }
    }

    /// Equal jitter: half of the exponential delay is fixed, half is random, so clients
    /// that failed together do not all come back at the same instant.
    func delay(before attempt: Int) -> Duration {
        let exponential = policy.baseDelay * (1 << (attempt - 2))
        return exponential / 2 + exponential / 2 * jitter()
    }

    private func sleep(for duration: Duration) async throws(NetworkError) {
        do {
            try await sleeper.sleep(for: duration)
        } catch {
            throw .transport(.cancelled)
        }
    }
}
