import Domain
import Foundation
import Infrastructure
import Logging

/// When a read uses a kept answer and when it asks the backend: HTTP freshness
/// (RFC 9111, as a private cache), revalidation with `ETag`, and stale-if-error. Every
/// rule the repositories follow about their cache is here, each with its reason.
///
/// 1. Only an answer the domain accepted is kept: a refused answer must not replace
///    one that was accepted (validate, then cache).
/// 2. Fresh (within the backend's `max-age`): used without a request. That is what
///    `max-age` is for, and it makes a repeated command instant.
/// 3. Stale with an `ETag`: asked with `If-None-Match`; a `304` renews the kept answer,
///    which costs the backend no body and the client no decoding of a new one.
/// 4. `no-store`: never kept, and an older kept answer is dropped. `no-cache` or no
///    `max-age`: kept, but asked about before every use (freshness zero).
/// 5. The backend cannot be reached, asks to wait longer than a command waits, or
///    fails (any 5xx): the kept answer stands in, however old, and says its age and
///    why (stale-if-error, RFC 5861): an old answer that says so beats none.
/// 6. `--offline` answers from the cache alone; `--refresh` skips rule 2.
/// 7. Answers are kept per backend and user (`Owner`): two people sharing a data folder
///    never see each other's, and with no one signed in nothing is kept.
/// 8. A login's answer carries the user: kept for `whoami` offline, stale at once. A
///    logout drops every answer kept for that user, before the session that names them.
struct CachePolicy: Sendable {
    let cache: any ResponseCache
    let clock: any WallClock
    /// Who is signed in, which says whose kept answers to use.
    let sessions: any SessionStore
    /// Tells apart the caches of different backends, e.g. the base URL.
    let namespace: String
    /// Writes the one `--verbose` line per exchange, cache outcome included.
    let logger: Logger

    /// A value for `request` under `policy`, kept under the request target for the
    /// signed-in user. `fetch` sends the request, conditional on the `ETag` it is given;
    /// `toDomain` decides whether an answer is usable.
    func load<Answer: Codable & Sendable, Value>(
        _ request: HTTPRequest,
        policy: ReadPolicy,
        fetch: (_ etag: String?) async throws(StoreError) -> StoreAPIClient.Revalidation<Answer>,
        toDomain: (Answer) throws(StoreError) -> Value
    ) async throws(StoreError) -> Fetched<Value> {
        let owner = await Owner.signedIn(namespace: namespace, sessions: sessions)
        if owner == nil, policy == .cacheOnly { throw .notSignedIn }
        let key = owner?.key(for: request.target)
        let exchange = "\(request.method.rawValue) \(request.target)"
        let kept = await keptAnswer(key, toDomain)

        switch policy {
        case .cacheOnly:
            guard let kept else {
                logger.debug("\(exchange) not sent (--offline), cache miss")
                throw .notCached
            }
            logger.debug("\(exchange) not sent (--offline), cache hit, stored \(kept.age.components.seconds) s ago")
            return Fetched(kept.value, from: .cache(age: kept.age, reason: .offlineRequested))
        case .standard:
            if let kept, kept.age < kept.entry.validity.freshFor {
                let left = (kept.entry.validity.freshFor - kept.age).components.seconds
                logger.debug("\(exchange) not sent, cache hit, fresh for \(left) s more")
                return Fetched(kept.value, from: .cache(age: kept.age, reason: .fresh))
            }
        case .revalidate:
            break
        }

        let record = ExchangeRecord()
        let answer: StoreAPIClient.Revalidation<Answer>
        do {
            answer = try await Self.fetch(fetch, etag: kept?.entry.validity.etag, recordingInto: record)
        } catch {
            // Unreachable, still 502–504 after the retries, asked to wait longer than a
            // command waits, or any other 5xx: the failures a kept answer may stand in
            // for (rule 5). Anything else (a refused answer, an ended session) is not.
            let said = Self.whatTheBackendSaid(error)
            guard let reason = Self.standInReason(for: error) else {
                log(record, cache: said + "cache not used")
                throw error
            }
            guard let kept else {
                log(record, cache: said + "cache miss")
                throw error
            }
            log(record, cache: said + "cache hit, stored \(kept.age.components.seconds) s ago")
            return Fetched(kept.value, from: .cache(age: kept.age, reason: reason))
        }

        switch answer {
        case .notModified(let directives):
            // Only sent with a kept answer's ETag, so there is one to renew.
            guard let kept, let key else { throw .unusableResponse(detail: "304 with nothing kept to renew") }
            let validity = CacheValidity(freshFor: directives.freshness, etag: directives.etag ?? kept.entry.validity.etag)
            await cache.store(kept.entry.value, for: key, validity: validity)
            log(record, cache: "cache hit, revalidated")
            return Fetched(kept.value, from: .network)
        case .answer(let body, let directives):
            let value: Value
            do throws(StoreError) {
                value = try toDomain(body)
            } catch {
                log(record, cache: "cache miss, not stored: the answer was unusable")
                throw error
            }
            guard let key else {
                log(record, cache: "not cached")
                return Fetched(value, from: .network)
            }
            if directives.noStore {
                await cache.remove(key: key)
                log(record, cache: "cache miss, not stored (no-store)")
            } else {
                await cache.store(body, for: key, validity: CacheValidity(freshFor: directives.freshness, etag: directives.etag))
                log(record, cache: "cache miss, stored")
            }
            return Fetched(value, from: .network)
        }
    }

    /// A kept answer the domain still accepts, with its age; an entry the domain refuses
    /// (kept by an older version, say) is as good as none.
    private struct Kept<Answer: Sendable, Value> {
        let entry: CachedValue<Answer>
        let value: Value
        let age: Duration
    }

    private func keptAnswer<Answer: Codable & Sendable, Value>(
        _ key: String?,
        _ toDomain: (Answer) throws(StoreError) -> Value
    ) async -> Kept<Answer, Value>? {
        guard let key, let entry = await cache.value(Answer.self, for: key), let value = try? toDomain(entry.value) else { return nil }
        return Kept(entry: entry, value: value, age: age(since: entry.storedAt))
    }

    /// Runs `fetch` with `record` bound, so the logging interceptor leaves its half there.
    private static func fetch<Answer>(
        _ fetch: (_ etag: String?) async throws(StoreError) -> StoreAPIClient.Revalidation<Answer>,
        etag: String?,
        recordingInto record: ExchangeRecord
    ) async throws(StoreError) -> StoreAPIClient.Revalidation<Answer> {
        // TaskLocal.withValue rethrows untyped errors; a Result carries the typed one through.
        let result: Result<StoreAPIClient.Revalidation<Answer>, StoreError> = await ExchangeRecord.$current.withValue(record) {
            do throws(StoreError) {
                return .success(try await fetch(etag))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Why a kept answer stands in for what the backend did, or nil when it may not.
    static func standInReason(for error: StoreError) -> CacheReason? {
        switch error {
        case .offline: .backendUnreachable
        case .rateLimited: .backendBusy
        case .serverFailed(let status, _): .backendFailed(status: status)
        default: nil
        }
    }

    /// What the backend asked or said, for the `--verbose` line (escaped when printed).
    /// The server's message is folded onto one line and cut at 200 characters: CLI.md
    /// promises one line per exchange, whatever a server puts in its message.
    private static func whatTheBackendSaid(_ error: StoreError) -> String {
        switch error {
        case .rateLimited(let wait?): return "asked to wait \(wait.components.seconds) s, "
        case .rateLimited(nil): return "asked to wait, "
        case .serverFailed(let status, let message?):
            let oneLine = message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return "failed (\(status): \(oneLine.prefix(200))), "
        default: return ""
        }
    }

    /// The one `--verbose` line of this exchange: the network half, then the cache's.
    private func log(_ record: ExchangeRecord, cache outcome: String) {
        logger.debug("\(record.network ?? "no request"), \(outcome)")
    }

    /// Time since `date`, never negative (a clock set back must not make a negative age)
    /// and at most a century: the date is read from a file, and converting a huge or
    /// non-finite interval to a `Duration` would trap.
    private func age(since date: Date) -> Duration {
        let seconds = clock.now.timeIntervalSince(date)
        guard seconds.isFinite, seconds > 0 else { return .zero }
        return .milliseconds(Int64(min(seconds, Self.longestAge) * 1000))
    }

    private static let longestAge: TimeInterval = 100 * 365 * 24 * 3600

    /// Rule 8, login: `user` as `GET /auth/me` would answer, so `whoami` works offline;
    /// stale at once, so a reachable backend is still asked.
    func keepSignedIn<Answer: Encodable & Sendable>(_ user: Answer, userID: Int, meTarget: String) async {
        let owner = Owner(namespace: namespace, userID: userID)
        await cache.store(user, for: owner.key(for: meTarget), validity: CacheValidity())
    }

    /// Rule 8, logout: every answer kept for the signed-in user goes. Called before the
    /// session is cleared, while it still says whose they are.
    func forgetSignedIn() async {
        guard let owner = await Owner.signedIn(namespace: namespace, sessions: sessions) else { return }
        await cache.removeAll(keyPrefix: owner.keyPrefix)
    }

    /// Whose kept answers these are: the backend and the signed-in user. Logout finds
    /// (by `keyPrefix`) and removes exactly one user's.
    struct Owner: Sendable {
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
        static func signedIn(namespace: String, sessions: any SessionStore) async -> Owner? {
            guard let session = try? await sessions.load() else { return nil }
            return Owner(namespace: namespace, userID: session.userID)
        }
    }
}
