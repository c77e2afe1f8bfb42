import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Infrastructure
import Logging

/// The one way the repositories reach the store: a call, the wire type its answer
/// decodes to and a read policy go in; a validated `Fetched` value or a `StoreError`
/// comes out. Every status is turned into the `StoreError` it means here, every cache
/// rule is here, and so is the one `--verbose` line per exchange. The rules, each
/// with its reason:
///
/// 1. Only an answer the domain accepted is kept: a refused answer must not replace
///    one that was accepted (validate, then cache).
/// 2. Fresh (within the backend's `max-age`): used without a request. That is what
///    `max-age` is for, and it makes a repeated command instant.
/// 3. Stale with an `ETag`: asked with `If-None-Match`; a `304` carrying that same tag
///    renews the kept answer (RFC 9111 4.3.4), which costs the backend no body and the
///    client no decoding of a new one. Any other 304 renews nothing.
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
///
/// An answer is kept as the bytes that came (after the payload layer opened them), and
/// a kept answer is decoded and validated like a new one, so an entry an older version
/// wrote, or one the domain now refuses, is as good as none.
public struct StoreClient: Sendable {
    /// The interceptor chain and the adapter under it.
    private let chain: InterceptedTransport
    private let cache: any ResponseCache
    /// Who is signed in, which says whose kept answers to use.
    private let sessions: any SessionStore
    /// Ages kept answers, and reads a `Retry-After` given as a date.
    private let clock: any WallClock
    /// Tells apart the caches of different backends, e.g. the base URL.
    private let namespace: String
    /// Writes the one `--verbose` line per exchange (debug level).
    private let logger: Logger

    public init(
        chain: InterceptedTransport,
        cache: any ResponseCache,
        sessions: any SessionStore,
        clock: any WallClock,
        cacheNamespace: String,
        logger: Logger = .silent
    ) {
        self.chain = chain
        self.cache = cache
        self.sessions = sessions
        self.clock = clock
        self.namespace = cacheNamespace
        self.logger = logger
    }

    /// The value `call` answers under `policy`, kept under the request target for
    /// the signed-in user. `validate` is the domain's check of the wire shape (a DTO's
    /// `toDomain`): an answer it refuses is reported and never kept.
    func read<Wire: Decodable, Value>(
        _ call: StoreEndpoints.Call,
        as wire: Wire.Type,
        policy: ReadPolicy,
        validate: (Wire) throws(StoreError) -> Value
    ) async throws(StoreError) -> Fetched<Value> {
        let owner = try await Owner.signedIn(namespace: namespace, sessions: sessions)
        if owner == nil, policy == .cacheOnly { throw .notSignedIn }
        let key = owner?.key(for: call.target)
        let kept = await keptAnswer(key, as: Wire.self, validate)
        // The one `--verbose` line of this read, written once, however it ends.
        var line = VerboseLine(call: call)
        defer { if line.cache != nil { logger.debug("\(line)") } }

        switch policy {
        case .cacheOnly:
            line.offline = true
            guard let kept else {
                line.cache = .miss
                throw .notCached
            }
            line.cache = .hit(storedAgo: kept.age)
            return Fetched(kept.value, from: .cache(age: kept.age, reason: .offlineRequested))
        case .standard:
            if let kept, kept.age < kept.answer.validity.freshFor {
                line.cache = .fresh(for: kept.answer.validity.freshFor - kept.age)
                return Fetched(kept.value, from: .cache(age: kept.age, reason: .fresh))
            }
        case .revalidate:
            break
        }

        var conditional = call
        if let etag = kept?.answer.validity.etag { conditional.request.headerFields[.ifNoneMatch] = etag }
        let exchange = await send(conditional)
        line.exchange = exchange
        let (response, body): (HTTPResponse, [UInt8])
        do throws(StoreError) {
            (response, body) = try usableResponse(exchange, .authenticated, acceptingNotModified: true)
        } catch {
            // Unreachable, still 502–504 after the retries, asked to wait longer than a
            // command waits, or any other 5xx: the failures a kept answer may stand in
            // for (rule 5). Anything else (a refused answer, an ended session) is not.
            line.failure = error
            guard let reason = StoreErrorMapping.standInReason(for: error) else {
                line.cache = .notUsed
                throw error
            }
            guard let kept else {
                line.cache = .miss
                throw error
            }
            line.cache = .hit(storedAgo: kept.age)
            return Fetched(kept.value, from: .cache(age: kept.age, reason: reason))
        }

        let directives = CacheDirectives(response)
        if response.status == .notModified {
            // A 304 only means something to a client that asked "has it changed?".
            guard let kept, let key, let keptETag = kept.answer.validity.etag else {
                line.cache = .notUsed
                throw .unusableResponse(detail: "\(call.path): 304 to a request that held no ETag")
            }
            // Only the answer the 304's own tag selects is renewed, under the tag it was
            // kept with (RFC 9111 4.3.4): a 304 never supplies a validator.
            guard directives.renews(keptETag: keptETag) else {
                line.cache = .notUsed
                throw .unusableResponse(detail: "\(call.path): 304 whose ETag is not the one asked about")
            }
            let validity = CacheValidity(freshFor: directives.freshness, etag: keptETag)
            await cache.store(kept.answer.body, for: key, validity: validity)
            line.cache = .revalidated
            return Fetched(kept.value, from: .network)
        }

        let decoded: Wire
        do throws(StoreError) {
            decoded = try Self.decode(body, as: Wire.self, answering: call.failurePrefix)
        } catch {
            line.cache = .notUsed
            throw error
        }
        let value: Value
        do throws(StoreError) {
            value = try validate(decoded)
        } catch {
            line.cache = .refused
            throw error
        }
        guard let key else {
            line.cache = .notKept
            return Fetched(value, from: .network)
        }
        if directives.noStore {
            await cache.remove(key: key)
            line.cache = .noStore
        } else {
            let stored = await cache.store(body, for: key, validity: CacheValidity(freshFor: directives.freshness, etag: directives.etag))
            line.cache = stored ? .stored : .notWritten
        }
        return Fetched(value, from: .network)
    }

    /// Sends `call` and decodes the answer, keeping nothing: a login, whose answer
    /// holds tokens. `kind` says what its statuses mean.
    func send<Wire: Decodable>(
        _ call: StoreEndpoints.Call,
        as wire: Wire.Type,
        kind: StoreErrorMapping.RequestKind
    ) async throws(StoreError) -> Wire {
        let exchange = await send(call)
        logger.debug("\(VerboseLine(call: call, exchange: exchange, cache: .notKept))")
        let (_, body) = try usableResponse(exchange, kind)
        return try Self.decode(body, as: Wire.self, answering: call.failurePrefix)
    }

    /// The signed-in user's id, for a request that names it (a path such as
    /// `/auth/carts/user/{id}`): asked as the cache's owner is, so the path and the key
    /// its answer is kept under name the same user. `notSignedIn` when no one is.
    func signedInUserID() async throws(StoreError) -> Int {
        guard let owner = try await Owner.signedIn(namespace: namespace, sessions: sessions) else { throw .notSignedIn }
        return owner.userID
    }

    /// Rule 8, login: `user` as `GET /auth/me` would answer, so `whoami` works offline;
    /// stale at once, so a reachable backend is still asked.
    func keepSignedIn(_ user: some Encodable, userID: Int) async {
        guard let body = try? JSONEncoder().encode(user) else { return }
        let key = Owner(namespace: namespace, userID: userID).key(for: StoreEndpoints.currentUser.target)
        await cache.store([UInt8](body), for: key, validity: CacheValidity())
    }

    /// Rule 8, logout: every answer kept for the signed-in user goes. Called before the
    /// session is cleared, while it still says whose they are.
    /// A session that cannot be read names no one, so nothing is dropped: logout goes
    /// on to remove that session all the same.
    func forgetSignedIn() async {
        guard let owner = try? await Owner.signedIn(namespace: namespace, sessions: sessions) else { return }
        await cache.removeAll(keyPrefix: owner.keyPrefix)
    }

    // MARK: One exchange

    /// What the chain gave back, how long it took, and from it the network half of the
    /// `--verbose` line. The line is made only when a log asks for it (the logger's
    /// message is an autoclosure), so a quiet command spends nothing on it.
    ///
    /// Never a body or a header (so never `Authorization`), a token, a password or a
    /// key in the line: only the method, the target and what happened. The query
    /// string is printed; a search is not a secret.
    private struct Exchange {
        let call: StoreEndpoints.Call
        let answer: Result<(HTTPResponse, [UInt8]), NetworkError>
        /// Which try answered, as the retry interceptor recorded it.
        let attempt: Int
        let milliseconds: Int64

        var line: String {
            switch answer {
            case .success(let (response, _)): "\(call.requestLine) \(response.status.code) \(milliseconds) ms attempt \(attempt)"
            case .failure(let error): "\(call.requestLine) failed (\(error.summary)) \(milliseconds) ms"
            }
        }
    }

    /// The `--verbose` line of one read, worded here and nowhere else: what the network
    /// did (or that nothing was sent), then what the cache did with it. It holds what
    /// happened, not text: the words are made only when a log asks (the logger's message
    /// is an autoclosure), so a quiet command spends nothing on them.
    private struct VerboseLine: CustomStringConvertible {
        enum CacheOutcome: Equatable {
            case miss, hit(storedAgo: Duration), fresh(for: Duration), revalidated
            case stored, notWritten, noStore, refused, notUsed, notKept
        }

        let call: StoreEndpoints.Call
        /// Nothing was sent because `--offline` said so.
        var offline = false
        /// The exchange, once one was made.
        var exchange: Exchange?
        /// What the backend answered with, when it failed: what it asked or said is shown.
        var failure: StoreError?
        var cache: CacheOutcome?

        var description: String {
            let outcome = switch cache {
            case .miss, nil: "cache miss"
            case .hit(let age): "cache hit, stored \(age.components.seconds) s ago"
            case .fresh(let left): "cache hit, fresh for \(left.components.seconds) s more"
            case .revalidated: "cache hit, revalidated"
            case .stored: "cache miss, stored"
            case .notWritten: "cache miss, not stored: the cache could not be written"
            case .noStore: "cache miss, not stored (no-store)"
            case .refused: "cache miss, not stored: the answer was unusable"
            case .notUsed: "cache not used"
            case .notKept: "not cached"
            }
            let network = exchange?.line ?? "\(call.requestLine) not sent" + (offline ? " (--offline)" : "")
            let said = failure.map(StoreErrorMapping.whatTheBackendSaid) ?? ""
            return "\(network), \(said)\(outcome)"
        }
    }

    private func send(_ call: StoreEndpoints.Call) async -> Exchange {
        let context = ExchangeContext(requiresAuthentication: call.requiresAuthentication)
        let timer = ContinuousClock()
        let start = timer.now
        let answer: Result<(HTTPResponse, [UInt8]), NetworkError>
        do {
            answer = .success(try await chain.send(call.request, body: call.body, context: context))
        } catch {
            answer = .failure(error)
        }
        let milliseconds = (timer.now - start).wholeMilliseconds
        return Exchange(call: call, answer: answer, attempt: context.attempt, milliseconds: milliseconds)
    }

    /// The response, when it is one the caller can use (a 2xx, or a 304 where one may
    /// come); otherwise the `StoreError` that what the chain threw, or the status, means.
    private func usableResponse(
        _ exchange: Exchange,
        _ kind: StoreErrorMapping.RequestKind,
        acceptingNotModified: Bool = false
    ) throws(StoreError) -> (HTTPResponse, [UInt8]) {
        let (response, body) = try exchange.answer.mapError(StoreErrorMapping.storeError(for:)).get()
        guard response.status.kind == .successful || (acceptingNotModified && response.status == .notModified) else {
            throw StoreErrorMapping.storeError(for: response, body: body, in: kind, now: clock.now)
        }
        return (response, body)
    }

    /// `body` as `Wire`; a failure names the call (when there is one) and the field.
    /// `package` for the fuzz targets, which feed it a server's bytes as this client does.
    package static func decode<Wire: Decodable>(_ body: [UInt8], as wire: Wire.Type, answering call: String = "") throws(StoreError) -> Wire {
        do {
            return try JSONDecoder().decode(Wire.self, from: Data(body))
        } catch {
            throw .unusableResponse(detail: call + DecodingFailure.describe(error))
        }
    }

    // MARK: The cache's side

    /// A kept answer the domain still accepts, with its value and age.
    private struct Kept<Value> {
        let answer: CachedAnswer
        let value: Value
        let age: Duration
    }

    private func keptAnswer<Wire: Decodable, Value>(
        _ key: String?,
        as wire: Wire.Type,
        _ validate: (Wire) throws(StoreError) -> Value
    ) async -> Kept<Value>? {
        guard let key, let answer = await cache.answer(for: key),
              let decoded = try? Self.decode(answer.body, as: Wire.self),
              let value = try? validate(decoded) else { return nil }
        return Kept(answer: answer, value: value, age: age(since: answer.storedAt))
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

    /// Whose kept answers these are: the backend and the signed-in user. Logout finds
    /// (by `keyPrefix`) and removes exactly one user's.
    struct Owner: Sendable {
        /// Every key of this owner starts with it: the backend's address, then the user.
        let keyPrefix: String
        let userID: Int

        init(namespace: String, userID: Int) {
            self.userID = userID
            keyPrefix = "\(namespace) user \(userID) "
        }

        /// The key of the answer to `target` (the request line's path and query).
        func key(for target: String) -> String {
            keyPrefix + target
        }

        /// The owner for the stored session; nil when no one is signed in. Asked the way
        /// the auth interceptor asks (`sessionForRequest`), so a session that cannot be
        /// read is that failure here too.
        static func signedIn(namespace: String, sessions: any SessionStore) async throws(StoreError) -> Owner? {
            do {
                return try await sessions.sessionForRequest().map { Owner(namespace: namespace, userID: $0.userID) }
            } catch {
                throw StoreErrorMapping.storeError(for: error)
            }
        }
    }
}
