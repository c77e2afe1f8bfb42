@testable import Data
import Foundation
import Testing

/// `Retry-After` as RFC 9110 gives it: seconds or an HTTP date in any of its three forms.
@Suite("Retry-After", .timeLimit(.minutes(1)))
struct RetryAfterTests {
    /// Sun, 06 Nov 1994 08:49:37 GMT, the RFC's own example.
    let now = Date(timeIntervalSince1970: 784_111_777)

    @Test("whole seconds, and a date in each of the three forms", arguments: [
        ("10", Duration.seconds(10)),
        (" 0 ", .zero),
        ("Sun, 06 Nov 1994 08:49:40 GMT", .seconds(3)),
        ("Sunday, 06-Nov-94 08:50:37 GMT", .seconds(60)),
        ("Sun Nov  6 08:49:47 1994", .seconds(10)),
    ])
    func readable(value: String, expected: Duration) {
        #expect(RetryAfter.delay(from: value, now: now) == expected)
    }

    @Test("absent, garbage or negative counts as not said", arguments: [nil, "", "soon", "-5", "1.5", "10s", "Sun, 99 Nov 1994 08:49:40 GMT"] as [String?])
    func unreadable(value: String?) {
        #expect(RetryAfter.delay(from: value, now: now) == nil)
    }

    @Test("a date in the past asks for no wait; a huge number is capped, never overflows")
    func edges() {
        #expect(RetryAfter.delay(from: "Sat, 05 Nov 1994 08:49:37 GMT", now: now) == .zero)
        #expect(RetryAfter.delay(from: "99999999999999999999999", now: now) == RetryAfter.longest)
        #expect(RetryAfter.delay(from: "86401", now: now) == RetryAfter.longest)
        #expect(RetryAfter.delay(from: "Fri, 31 Dec 9999 23:59:59 GMT", now: now) == RetryAfter.longest)
    }

    /// Found by `scripts/fuzz FuzzCacheHeaders` in CI: Foundation's DateFormatter traps
    /// ("Incorrect range CFRange") on a date with a letter outside ASCII in it, so a
    /// server sending such a `Retry-After` with its 429 crashed the client. An HTTP
    /// date is ASCII; anything else is not a wait.
    @Test("a date with a letter outside ASCII is not a wait, and does not crash", arguments: [
        "Sun\u{0731}  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 GMT\u{00E9}", "S\u{00FC}n, 06 Nov 1994 08:49:37 GMT",
    ])
    func fuzzFindingNonASCIIDate(value: String) {
        #expect(RetryAfter.delay(from: value, now: now) == nil)
    }

    /// Found by `scripts/fuzz FuzzCacheHeaders`: a weekday, then bytes that are not
    /// UTF-8. It is not a wait. Under LeakSanitizer, Foundation's DateFormatter leaked
    /// while refusing it; it no longer sees such text (the test above).
    @Test("a weekday followed by bytes that are not text is not a wait")
    func fuzzFindingWeekdayAndBadBytes() throws {
        let input = try #require(Data(base64Encoded: "b3JlAABXZWSlpaXx8fHx8fHx8fHx8fHx8fHx8aWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpQ=="))
        let value = String(decoding: input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)[2], as: UTF8.self)
        #expect(value.hasPrefix("Wed"))
        #expect(RetryAfter.delay(from: value, now: now) == nil)
    }
}
