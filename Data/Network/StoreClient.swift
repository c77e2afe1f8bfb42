import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Infrastructure
import Logging

/// The one way the repositories reach the store: a call (which says what its answer
/// decodes to and how that maps to the domain) and a read policy go in; a validated
/// `Fetched` value or a `StoreError` comes out. It is the shell around `CachePolicy`,
/// which decides what the cache does (the rules, each with its reason, are there): this
/// type reads the kept answer, sends, decodes, validates, writes what the policy says,
/// and logs the one `--verbose` line.
///
/// Only an answer the domain accepted is kept: validated, then cached. An answer is kept
/// as the bytes that came (after the payload layer opened them), and a kept answer is
/// decoded and validated like a new one, so an entry an older version wrote, or one the
/// domain now refuses, is as good as none.
public struct StoreClient: Sendable {
    /// The interceptor chain and the adapter under it.
    private let chain: InterceptedTransport
    let cache: any ResponseCache
    /// Who is signed in, which says whose kept answers to use.
    private let sessions: any SessionStore
    /// Ages kept answers, and reads a `Retry-After` given as a date.
    let clock: any WallClock
    /// Tells apart the caches of different backends, e.g. the base URL.
    let namespace: String
    /// Writes the one `--verbose` line per exchange (debug level).
    let logger: Logger

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
    /// the signed-in user. An answer the call's `toDomain` refuses is reported and
    /// never kept.
    func read<Wire, Value>(_ call: StoreEndpoints.Call<Wire, Value>, policy: ReadPolicy) async throws(StoreError) -> Fetched<Value> {
        let key = try await owner()?.key(for: call.target)
        let kept = await keptAnswer(key, answering: call)
        let (result, report) = await read(call, policy: policy, key: key, kept: kept)
        if let report { logger.debug("\(report)") }
        return try result.get()
    }

    /// A value with the bytes it was decoded from, which are what the cache keeps.
    private typealias Answer<Value> = (value: Value, body: [UInt8])

    /// One read, and the report of how it ended: each way out makes the report once.
    private func read<Wire, Value>(
        _ call: StoreEndpoints.Call<Wire, Value>,
        policy: ReadPolicy,
        key: String?,
        kept: CachePolicy.Kept<Answer<Value>>?
    ) async -> (Result<Fetched<Value>, StoreError>, ReadReport?) {
        var conditional = call
        switch CachePolicy.beforeAsking(policy, kept: kept, signedIn: key != nil) {
        case .answer(let kept, let reason):
            let outcome: ReadReport.CacheOutcome = reason == .fresh ? .fresh(for: kept.validity.freshFor - kept.age) : .hit(storedAgo: kept.age)
            let report = ReadReport(requestLine: call.requestLine, offline: policy == .cacheOnly, cache: outcome)
            return (.success(Fetched(kept.payload.value, from: .cache(age: kept.age, reason: reason))), report)
        case .fail(.notSignedIn):
            return (.failure(.notSignedIn), nil) // No one's cache was looked in.
        case .fail(let error):
            return (.failure(error), ReadReport(requestLine: call.requestLine, offline: true, cache: .miss))
        case .ask(let validator):
            conditional.request.headerFields[.ifNoneMatch] = validator
        }

        let exchange = await send(conditional)
        func report(_ cache: ReadReport.CacheOutcome, failure: StoreError? = nil) -> ReadReport {
            ReadReport(requestLine: call.requestLine, exchange: exchange, failure: failure, cache: cache)
        }
        let answer: CachePolicy.Answer<Answer<Value>>
        switch usableResponse(exchange, .authenticated) {
        case .failure(let error):
            answer = .failed(error)
        case .success(.notModified(let response)):
            answer = .notModified(CacheDirectives(response))
        case .success(.content(let response, let body)):
            let decoded: Wire
            do throws(StoreError) { decoded = try call.decode(body) } catch {
                return (.failure(error), report(.notUsed))
            }
            do throws(StoreError) { answer = .accepted((try call.toDomain(decoded), body), CacheDirectives(response)) } catch {
                return (.failure(error), report(.refused))
            }
        }

        switch CachePolicy.afterAnswer(answer, kept: kept, signedIn: key != nil) {
        case .store(let new, let validity):
            let stored = await keep(new.body, under: key, validity)
            return (.success(Fetched(new.value, from: .network)), report(stored ? .stored : .notWritten))
        case .drop(let new):
            if let key { await cache.remove(key: key) }
            return (.success(Fetched(new.value, from: .network)), report(.noStore))
        case .keepNothing(let new):
            return (.success(Fetched(new.value, from: .network)), report(.notKept))
        case .renew(let kept, let validity):
            await keep(kept.payload.body, under: key, validity)
            return (.success(Fetched(kept.payload.value, from: .network)), report(.revalidated))
        case .standIn(let kept, let reason):
            let fetched = Fetched(kept.payload.value, from: .cache(age: kept.age, reason: reason))
            return (.success(fetched), report(.hit(storedAgo: kept.age), failure: answer.failure))
        case .miss(let error):
            return (.failure(error), report(.miss, failure: error))
        case .fail(let error):
            return (.failure(error), report(.notUsed, failure: error))
        case .misanswered(let why):
            return (.failure(.unusableResponse(Diagnostic("\(call.path): \(why)"))), report(.notUsed))
        }
    }

    /// Sends `call` and reads the answer, keeping nothing: a login, whose answer
    /// holds tokens. `kind` says what its statuses mean.
    func send<Wire, Value>(_ call: StoreEndpoints.Call<Wire, Value>, kind: StoreErrorMapping.RequestKind) async throws(StoreError) -> Value {
        let exchange = await send(call)
        logger.debug("\(ReadReport(requestLine: call.requestLine, exchange: exchange, cache: .notKept))")
        switch usableResponse(exchange, kind) {
        case .success(.content(_, let body)):
            return try call.value(from: body)
        case .success(.notModified(let response)):
            // Nothing was asked conditionally: a 304 here is an answer no request expects.
            throw StoreErrorMapping.fromResponse(response, body: [], in: kind, now: clock.now)
        case .failure(let error):
            throw error
        }
    }

    /// Whose kept answers to use: the backend and the signed-in user, from the session
    /// store. Nil when no one is signed in.
    func owner() async throws(StoreError) -> CacheOwner? {
        do {
            return try await sessions.load().map { CacheOwner(namespace: namespace, userID: $0.userID) }
        } catch {
            throw error.storeError(keeping: "the session")
        }
    }

    func send<Wire, Value>(_ call: StoreEndpoints.Call<Wire, Value>) async -> ReadReport.Exchange {
        let context = ExchangeContext(requiresAuthentication: call.requiresAuthentication)
        let timer = ContinuousClock()
        let start = timer.now
        let answer: Result<HTTPAnswer, NetworkError>
        do {
            answer = .success(try await chain.send(call.request, body: call.body, context: context))
        } catch {
            answer = .failure(error)
        }
        return ReadReport.Exchange(answer: answer, milliseconds: (timer.now - start).wholeMilliseconds)
    }

    /// An answer the caller can use: content (a 2xx), or a 304 for the policy to judge.
    private enum Usable {
        case content(HTTPResponse, [UInt8])
        case notModified(HTTPResponse)
    }

    /// What the chain gave back: a usable answer,
    /// or the `StoreError` that what the chain threw, or what the answer meant, is.
    private func usableResponse(_ exchange: ReadReport.Exchange, _ kind: StoreErrorMapping.RequestKind) -> Result<Usable, StoreError> {
        exchange.answer.mapError(StoreErrorMapping.fromNetworkError).flatMap { answer in
            switch AnswerMeaning(status: answer.response.status.code, retryAfter: nil) {
            case .success: .success(.content(answer.response, answer.body))
            case .notModified: .success(.notModified(answer.response))
            default: .failure(StoreErrorMapping.fromResponse(answer.response, body: answer.body, in: kind, now: clock.now))
            }
        }
    }

    /// The answer to `call` kept under `key`, when the domain still accepts it, with its age.
    private func keptAnswer<Wire, Value>(_ key: String?, answering call: StoreEndpoints.Call<Wire, Value>) async -> CachePolicy.Kept<Answer<Value>>? {
        guard let key, let kept = await cache.answer(for: key), let value = try? call.value(from: kept.body) else { return nil }
        let age = CachePolicy.age(storedAt: kept.storedAt, now: clock.now)
        return CachePolicy.Kept(age: age, validity: kept.validity, payload: (value, kept.body))
    }

    /// Keeps `body` under `key`, and says whether it did; nothing without a key.
    @discardableResult
    private func keep(_ body: [UInt8], under key: String?, _ validity: CacheValidity) async -> Bool {
        guard let key else { return false }
        return await cache.store(body, for: key, validity: validity)
    }
}
