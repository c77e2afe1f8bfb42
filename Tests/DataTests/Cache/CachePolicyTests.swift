@testable import Data
import Domain
import Foundation
import TestSupport
import Testing

/// The store client's cache rules as one table: values in, a decision out, each row
/// citing the section of RFC 9111 (or RFC 5861) it holds the client to. The decisions
/// are written out by hand here, never computed: a rule changed in `CachePolicy` fails a
/// row. What the shell does with a decision (read, send, write) is `CacheRulesTests`.
@Suite("RFC 9111 as a table: what the cache does before asking and after the answer", .timeLimit(.minutes(1)))
struct CachePolicyTests {
    typealias Kept = CachePolicy.Kept<String>

    /// A kept answer `age` seconds old, fresh for `freshFor` seconds, with `etag`.
    static func kept(age: Int, freshFor: Int, etag: String? = #""v1""#) -> Kept {
        Kept(age: .seconds(age), validity: CacheValidity(freshFor: .seconds(freshFor), etag: etag), payload: "kept")
    }

    /// What an answer's headers say, read as the client reads them.
    static func said(status: Int = 200, _ headers: [String: String]) -> CacheDirectives {
        CacheDirectives(StubResponse(status: status, headers: headers).http.0)
    }

    struct Before: Sendable, CustomTestStringConvertible {
        let section: String
        let policy: ReadPolicy
        let kept: Kept?
        var signedIn = true
        let decision: CachePolicy.BeforeAsking<String>

        var testDescription: String { section }
    }

    static let before: [Before] = [
        Before(section: "§4.2 fresh: age 10 s of 30 is answered from the cache, nothing sent",
               policy: .standard, kept: kept(age: 10, freshFor: 30), decision: .answer(kept(age: 10, freshFor: 30), .fresh)),
        Before(section: "§4.2 stale at its lifetime (fresh only while the lifetime exceeds the age): asked with its ETag",
               policy: .standard, kept: kept(age: 30, freshFor: 30), decision: .ask(ifNoneMatch: #""v1""#)),
        Before(section: "§4.3.1 stale with no validator: asked unconditionally",
               policy: .standard, kept: kept(age: 40, freshFor: 30, etag: nil), decision: .ask(ifNoneMatch: nil)),
        Before(section: "§5.2.2.4 no-cache (kept with freshness zero): asked before every use",
               policy: .standard, kept: kept(age: 0, freshFor: 0), decision: .ask(ifNoneMatch: #""v1""#)),
        Before(section: "§5.2.1.4 --refresh (a request's no-cache): a fresh answer is revalidated",
               policy: .revalidate, kept: kept(age: 1, freshFor: 30), decision: .ask(ifNoneMatch: #""v1""#)),
        Before(section: "§4 nothing kept: asked unconditionally",
               policy: .standard, kept: nil, decision: .ask(ifNoneMatch: nil)),
        Before(section: "§5.2.1.7 --offline (only-if-cached): the kept answer, however stale",
               policy: .cacheOnly, kept: kept(age: 86_400, freshFor: 30), decision: .answer(kept(age: 86_400, freshFor: 30), .offlineRequested)),
        Before(section: "§5.2.1.7 --offline with nothing kept: not cached, nothing sent",
               policy: .cacheOnly, kept: nil, decision: .fail(.notCached)),
        Before(section: "§3.5 --offline with no one signed in: answers are per user, so no one's",
               policy: .cacheOnly, kept: nil, signedIn: false, decision: .fail(.notSignedIn)),
        Before(section: "§3.5 no one signed in: asked, nothing to look up",
               policy: .standard, kept: nil, signedIn: false, decision: .ask(ifNoneMatch: nil)),
    ]

    @Test("before asking", arguments: before)
    func beforeAsking(_ row: Before) {
        let decision = CachePolicy.beforeAsking(row.policy, kept: row.kept, signedIn: row.signedIn)
        #expect(same(decision, row.decision), "\(decision)")
    }

    struct After: Sendable, CustomTestStringConvertible {
        let section: String
        let answer: CachePolicy.Answer<String>
        let kept: Kept?
        var signedIn = true
        let decision: CachePolicy.AfterAnswer<String>

        var testDescription: String { section }
    }

    static let day: Duration = .seconds(86_400)
    static let notSelected = "304 whose ETag is not the one asked about"
    static let notAsked = "304 to a request that held no ETag"

    static let after: [After] = [
        After(section: "§3 a new answer is kept with its max-age and ETag",
              answer: .accepted("new", said(["Cache-Control": "private, max-age=30", "ETag": #""v2""#])), kept: kept(age: 40, freshFor: 30),
              decision: .store("new", CacheValidity(freshFor: .seconds(30), etag: #""v2""#))),
        After(section: "§4.2.1 a max-age of a year counts as a day (headers are not authenticated)",
              answer: .accepted("new", said(["Cache-Control": "max-age=31536000"])), kept: nil,
              decision: .store("new", CacheValidity(freshFor: day, etag: nil))),
        After(section: "§5.2.2.4 no-cache: kept, fresh for zero",
              answer: .accepted("new", said(["Cache-Control": "no-cache, max-age=30", "ETag": #""v2""#])), kept: nil,
              decision: .store("new", CacheValidity(freshFor: .zero, etag: #""v2""#))),
        After(section: "§5.2.2.5 no-store: not kept, and the older kept answer is dropped",
              answer: .accepted("new", said(["Cache-Control": "no-store"])), kept: kept(age: 40, freshFor: 30),
              decision: .drop("new")),
        After(section: "§3.5 no one signed in: answered, kept for no one",
              answer: .accepted("new", said(["Cache-Control": "max-age=30"])), kept: nil, signedIn: false,
              decision: .keepNothing("new")),
        After(section: "§4.3.4 a 304 with the kept strong ETag renews it, with the 304's freshness",
              answer: .notModified(said(status: 304, ["Cache-Control": "max-age=60", "ETag": #""v1""#])), kept: kept(age: 40, freshFor: 30),
              decision: .renew(kept(age: 40, freshFor: 30), CacheValidity(freshFor: .seconds(60), etag: #""v1""#))),
        After(section: "§4.3.4 a weak ETag selects by weak comparison; the kept validator stays, never the 304's",
              answer: .notModified(said(status: 304, ["Cache-Control": "max-age=60", "ETag": #"W/"v1""#])), kept: kept(age: 40, freshFor: 30),
              decision: .renew(kept(age: 40, freshFor: 30), CacheValidity(freshFor: .seconds(60), etag: #""v1""#))),
        After(section: "§4.3.4 a 304 with another validator renews nothing",
              answer: .notModified(said(status: 304, ["Cache-Control": "max-age=86400", "ETag": #""v2""#])), kept: kept(age: 40, freshFor: 30),
              decision: .misanswered(notSelected)),
        After(section: "§4.3.4 a 304 with no validator renews nothing",
              answer: .notModified(said(status: 304, ["Cache-Control": "max-age=86400"])), kept: kept(age: 40, freshFor: 30),
              decision: .misanswered(notSelected)),
        After(section: "§4.3.4 a 304 to a request that sent no validator (the kept answer had none)",
              answer: .notModified(said(status: 304, ["ETag": #""v1""#])), kept: kept(age: 40, freshFor: 30, etag: nil),
              decision: .misanswered(notAsked)),
        After(section: "§4.3.4 a 304 with nothing kept",
              answer: .notModified(said(status: 304, ["ETag": #""v1""#])), kept: nil,
              decision: .misanswered(notAsked)),
        After(section: "RFC 5861 §4 stale-if-error: unreachable, the kept answer stands in",
              answer: .failed(.offline), kept: kept(age: 900, freshFor: 30),
              decision: .standIn(kept(age: 900, freshFor: 30), .backendUnreachable)),
        After(section: "RFC 5861 §4 stale-if-error: asked to wait longer than a command waits",
              answer: .failed(.rateLimited(retryAfter: .seconds(60))), kept: kept(age: 900, freshFor: 30),
              decision: .standIn(kept(age: 900, freshFor: 30), .backendBusy)),
        After(section: "RFC 5861 §4 stale-if-error: a 500 of the backend's own",
              answer: .failed(.storeFailed(Diagnostic("500", theirWords: "down"))), kept: kept(age: 900, freshFor: 30),
              decision: .standIn(kept(age: 900, freshFor: 30), .backendFailed(Diagnostic("500")))),
        After(section: "RFC 5861 §4 stale-if-error with nothing kept: the failure, as a miss",
              answer: .failed(.offline), kept: nil,
              decision: .miss(.offline)),
        After(section: "§4.2.4 a refusal is not an error to serve stale for: a 404",
              answer: .failed(.notFound), kept: kept(age: 900, freshFor: 30),
              decision: .fail(.notFound)),
        After(section: "§4.2.4 a refusal is not an error to serve stale for: an ended session",
              answer: .failed(.sessionExpired), kept: kept(age: 900, freshFor: 30),
              decision: .fail(.sessionExpired)),
        After(section: "§4.2.4 an answer that broke the protocol is not served stale over",
              answer: .failed(.unusableResponse(Diagnostic("bad"))), kept: kept(age: 900, freshFor: 30),
              decision: .fail(.unusableResponse(Diagnostic("bad")))),
    ]

    @Test("after the answer", arguments: after)
    func afterAnswer(_ row: After) {
        let decision = CachePolicy.afterAnswer(row.answer, kept: row.kept, signedIn: row.signedIn)
        #expect(same(decision, row.decision), "\(decision)")
    }

    @Test("§4.2.3 an answer's age: never negative, at most a century", arguments: [
        (0.0, 90.0, Duration.seconds(90)), (90.0, 0.0, .zero), (0.0, 0.5, .milliseconds(500)),
        (0.0, 1e300, .seconds(100 * 365 * 24 * 3600)), (-Double.infinity, 0.0, .zero),
    ] as [(Double, Double, Duration)])
    func age(storedAt: Double, now: Double, age: Duration) {
        let date = { Date(timeIntervalSince1970: $0) }
        #expect(CachePolicy.age(storedAt: date(storedAt), now: date(now)) == age)
    }
}
