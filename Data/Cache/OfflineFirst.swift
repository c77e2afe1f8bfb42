import Domain
import Foundation
import Infrastructure
import Logging

/// The cache policy of the repositories: ask the backend; write a good answer through
/// to the cache; when the backend cannot be reached (not when it answers with an
/// error), serve the cached answer with its age, however old. "Good" means it mapped
/// to the domain: an answer the domain refuses must not replace one it accepted.
struct OfflineFirst: Sendable {
    let cache: any ResponseCache
    let clock: any WallClock
    /// Says at debug level whether an answer came from the cache (`--verbose`).
    let logger: Logger

    /// The fresh answer from `fetch` mapped by `toDomain`, else the cached one when the
    /// backend is unreachable. Any other failure, and unreachable with nothing usable
    /// cached, is thrown; a refusal by `toDomain` is an unusable answer.
    func load<Answer: Codable & Sendable, Value>(
        key: String,
        fetch: () async throws(APIError) -> Answer,
        toDomain: (Answer) throws(StoreError) -> Value
    ) async throws(APIError) -> (value: Value, origin: Origin) {
        let record = ExchangeRecord()
        let answer: Answer
        do {
            answer = try await Self.fetch(fetch, recordingInto: record)
        } catch where error.isUnreachable {
            guard let cached = await cache.value(Answer.self, for: key), let value = try? toDomain(cached.value) else {
                log(record, cache: "cache miss")
                throw error
            }
            let age = age(since: cached.storedAt)
            log(record, cache: "cache hit, stored \(age.components.seconds) s ago")
            return (value, .cache(age: age))
        } catch {
            log(record, cache: "cache not used")
            throw error
        }
        let value: Value
        do throws(APIError) {
            value = try Self.map(answer, toDomain)
        } catch {
            log(record, cache: "cache miss, not stored: the answer was unusable")
            throw error
        }
        // Stored only now that the domain accepted it: validate, then cache.
        await cache.store(answer, for: key)
        log(record, cache: "cache miss, stored")
        return (value, .network)
    }

    /// Runs `fetch` with `record` bound, so the logging interceptor leaves its half there.
    private static func fetch<Answer>(
        _ fetch: () async throws(APIError) -> Answer,
        recordingInto record: ExchangeRecord
    ) async throws(APIError) -> Answer {
        // TaskLocal.withValue rethrows untyped errors; a Result carries the typed one through.
        let result: Result<Answer, APIError> = await ExchangeRecord.$current.withValue(record) {
            do throws(APIError) {
                return .success(try await fetch())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The one `--verbose` line of this exchange: the network half, then the cache's.
    private func log(_ record: ExchangeRecord, cache outcome: String) {
        logger.debug("\(record.network ?? "no request"), \(outcome)")
    }

    private static func map<Answer, Value>(_ answer: Answer, _ toDomain: (Answer) throws(StoreError) -> Value) throws(APIError) -> Value {
        do {
            return try toDomain(answer)
        } catch {
            if case .unusableResponse(let detail) = error { throw .undecodable(detail: detail) }
            throw .undecodable(detail: "\(error)")
        }
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
}

extension Logger {
    /// A logger that drops everything, for callers that do not want the cache's lines.
    public static var silent: Logger {
        Logger(label: "storefront.silent") { _ in SwiftLogNoOpLogHandler() }
    }
}
