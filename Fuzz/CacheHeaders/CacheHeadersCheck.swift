@testable import Data
import Foundation
import HTTPTypes

/// One fuzz input read as an answer's caching headers: the bytes split at NUL into the
/// values of `Cache-Control`, `ETag` and `Retry-After`, each parsed as the client parses
/// it. A crash, a hang, or a broken rule below is a finding:
/// - freshness is never negative and never longer than a day, whatever `max-age` says;
/// - an `ETag` is kept only as sent, and only when it is an entity-tag;
/// - a `Retry-After` wait is never negative and never longer than `RetryAfter.longest`.
enum CacheHeadersCheck {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func run(_ input: UnsafeRawBufferPointer) {
        let parts = input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        var fields = HTTPFields()
        if parts.count > 0 { fields[.cacheControl] = parts[0] }
        if parts.count > 1 { fields[.eTag] = parts[1] }
        let directives = CacheDirectives(HTTPResponse(status: .ok, headerFields: fields))

        precondition(directives.freshness >= .zero, "negative freshness")
        precondition(directives.freshness <= CacheDirectives.longestFreshness, "freshness over a day")
        if let etag = directives.etag {
            precondition(etag == fields[.eTag], "the ETag was changed")
            precondition(CacheDirectives.isEntityTag(etag), "a kept ETag is not an entity-tag")
        }

        if parts.count > 2, let wait = RetryAfter.delay(from: parts[2], now: now) {
            precondition(wait >= .zero && wait <= RetryAfter.longest, "Retry-After wait out of range: \(wait)")
        }
    }
}
