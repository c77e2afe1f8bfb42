@testable import Infrastructure
import Foundation
import Testing

/// HTTP dates read by RFC 9110's grammar (§5.6.7), without Foundation's DateFormatter.
@Suite("HTTP dates", .timeLimit(.minutes(1)))
struct HTTPDateTests {
    /// Sun, 06 Nov 1994 08:49:37 GMT, the RFC's own example.
    let example = Date(timeIntervalSince1970: 784_111_777)
    /// Thu, 26 Nov 2026, when an RFC 850 date's two-digit year is read.
    let now = Date(timeIntervalSince1970: 1_795_651_200)

    @Test("the RFC's example in each of its three forms", arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun Nov 06 08:49:37 1994",
    ])
    func threeForms(text: String) {
        #expect(HTTPDate.parse(text, now: now) == example)
    }

    /// RFC 9110: a two-digit year more than 50 years ahead is the most recent past year
    /// with those digits. In 2026, `76` is 2076 and `77` is 1977.
    @Test("an RFC 850 year is at most 50 years ahead", arguments: [
        ("Thursday, 26-Nov-76 00:00:00 GMT", 2076), ("Thursday, 26-Nov-77 00:00:00 GMT", 1977), ("Thursday, 26-Nov-26 00:00:00 GMT", 2026),
    ])
    func twoDigitYears(text: String, year: Int) throws {
        let date = try #require(HTTPDate.parse(text, now: now))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "GMT"))
        #expect(calendar.component(.year, from: date) == year)
    }

    @Test("29 February only in a leap year, and the last second of a day", arguments: [
        ("Thu, 29 Feb 2024 23:59:59 GMT", true), ("Thu, 29 Feb 1900 00:00:00 GMT", false),
        ("Thu, 29 Feb 2000 00:00:00 GMT", true), ("Sun, 31 Nov 1994 08:49:37 GMT", false),
    ])
    func daysThatExist(text: String, exists: Bool) {
        #expect((HTTPDate.parse(text, now: now) != nil) == exists)
    }

    /// What the grammar does not allow is no date, rather than a guess.
    @Test("texts outside the grammar are no date", arguments: [
        "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 nov 1994 08:49:37 GMT", "sun, 06 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 UTC", "Sun 06 Nov 1994 08:49:37 GMT", "Sunday, 06 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT",
        "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nov 1994 08:49 GMT", "Sun, 00 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov +994 08:49:37 GMT", "Sun, -6 Nov 1994 08:49:37 GMT", "Sun, 06-Nov-94 08:49:37 GMT",
        "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun Nov 123 08:49:37 1994", "Sun Nov  6 08:49:37 94", "",
    ])
    func outsideTheGrammar(text: String) {
        #expect(HTTPDate.parse(text, now: now) == nil)
    }

    @Test("IMF-fixdate is written as the RFC prints it, and reads back", arguments: [
        (784_111_777.0, "Sun, 06 Nov 1994 08:49:37 GMT"), (0.0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (1_764_104_943.0, "Tue, 25 Nov 2025 21:09:03 GMT"),
    ])
    func written(seconds: Double, text: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(HTTPDate.format(date) == text)
        #expect(HTTPDate.parse(text, now: now) == date)
    }

    /// The writer is integer arithmetic; the reader, Foundation's Gregorian calendar: each
    /// holds the other to account over dates from 1900 to 2400, leap days and centuries
    /// included, drawn from a fixed seed.
    @Test("every date written reads back as itself through the calendar, 1900 to 2400")
    func writtenMatchesCalendar() {
        var random = SplitMix64(seed: 9110)
        let start = -2_208_988_800  // 1900-01-01
        let span = 15_778_800_000  // to 2400
        // 29 February 2000 at both ends of the day; 1 March 2100 and 1 March 1900, centuries
        // that have no 29 February.
        var dates = [951_782_400.0, 951_868_799.0, 4_107_542_400.0, -2_203_891_200.0]
        for _ in 0..<2_000 { dates.append(Double(start + Int(random.next() % UInt64(span)))) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? calendar.timeZone
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        for seconds in dates {
            let date = Date(timeIntervalSince1970: seconds)
            let text = HTTPDate.format(date)
            #expect(HTTPDate.parse(text, now: now) == date, "\(seconds) was written \(text)")
            // The reader does not check the weekday; the calendar does.
            #expect(text.hasPrefix(weekdays[calendar.component(.weekday, from: date) - 1] + ","), "\(seconds) was written \(text)")
        }
    }
}
