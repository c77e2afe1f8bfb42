#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An HTTP date in the three forms RFC 9110 §5.6.7 makes a recipient accept:
/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime's (`Sun Nov  6 08:49:37 1994`).
///
/// Read by the grammar, field by field, into FoundationEssentials' Gregorian calendar at
/// GMT. Foundation's `DateFormatter` did this before; it is outside FoundationEssentials
/// and brought ICU's 34 MB of locale data into the binary for three fixed English formats.
/// (swift-foundation's `Date.HTTPFormatStyle` is not in this toolchain's FoundationEssentials.)
public enum HTTPDate {
    /// The date `text` names, or nil when it is none of the three forms or names a day
    /// that does not exist. `now` settles the century of RFC 850's two-digit year.
    public static func parse(_ text: String, now: Date) -> Date? {
        // asctime pads a one-digit day with a second space ("Nov  6").
        let fields = text.split(separator: " ")
        switch fields.count {
        case 6: return imfFixdate(fields)
        case 4: return rfc850(fields, now: now)
        case 5: return asctime(fields)
        default: return nil
        }
    }

    /// `date` as IMF-fixdate, the form every sender must use (RFC 9110 §5.6.7).
    ///
    /// Whole seconds since 1970 to a civil date with integer arithmetic (the days-to-date
    /// algorithm of the proleptic Gregorian calendar, in 400-year eras): every sealed
    /// request is dated, and this needs no `Calendar`, whose making costs more than
    /// the date.
    public static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let clock = seconds - days * 86_400
        // Days since 0000-03-01, so a leap day falls at the end of its year.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // 1970-01-01 was a Thursday.
        let weekday = ((days % 7) + 11) % 7
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[weekday]), \(two(day)) \(months[month - 1]) \(year) "
            + "\(two(clock / 3_600)):\(two(clock % 3_600 / 60)):\(two(clock % 60)) GMT"
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`
    private static func imfFixdate(_ fields: [Substring]) -> Date? {
        guard let weekday = fields[0].dropLastIf(","), shortDays.contains(String(weekday)),
              let day = number(fields[1], digits: 2), let month = month(fields[2]),
              let year = number(fields[3], digits: 4), let time = time(fields[4]), fields[5] == "GMT" else { return nil }
        return date(year: year, month: month, day: day, time: time)
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT`: a year more than 50 years ahead of `now` is the
    /// most recent past year with those last two digits (RFC 9110 §5.6.7).
    private static func rfc850(_ fields: [Substring], now: Date) -> Date? {
        let parts = fields[1].split(separator: "-", omittingEmptySubsequences: false)
        guard let weekday = fields[0].dropLastIf(","), longDays.contains(String(weekday)), parts.count == 3,
              let day = number(parts[0], digits: 2), let month = month(parts[1]),
              let twoDigits = number(parts[2], digits: 2), let time = time(fields[2]), fields[3] == "GMT" else { return nil }
        let thisYear = calendar.component(.year, from: now)
        var year = thisYear - thisYear % 100 + twoDigits
        if year > thisYear + 50 { year -= 100 }
        return date(year: year, month: month, day: day, time: time)
    }

    /// `Sun Nov  6 08:49:37 1994`
    private static func asctime(_ fields: [Substring]) -> Date? {
        guard shortDays.contains(String(fields[0])), let month = month(fields[1]),
              let day = number(fields[2], digits: 1...2), let time = time(fields[3]),
              let year = number(fields[4], digits: 4) else { return nil }
        return date(year: year, month: month, day: day, time: time)
    }

    private static let shortDays: Set = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDays: Set = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    private static func month(_ text: Substring) -> Int? {
        months.firstIndex(of: String(text)).map { $0 + 1 }
    }

    /// `08:49:37`, each part two digits and in range.
    private static func time(_ text: Substring) -> (hour: Int, minute: Int, second: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = number(parts[0], digits: 2), let minute = number(parts[1], digits: 2),
              let second = number(parts[2], digits: 2), hour < 24, minute < 60, second < 60 else { return nil }
        return (hour, minute, second)
    }

    private static func number(_ text: Substring, digits: Int) -> Int? {
        number(text, digits: digits...digits)
    }

    /// The value of `text` when it is only ASCII digits, as many as `digits` allows.
    private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count),
              text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }

    /// The instant, or nil for a day the month does not have (31 Nov, 29 Feb 1900):
    /// the calendar would otherwise roll it over into the next month.
    private static func date(year: Int, month: Int, day: Int, time: (hour: Int, minute: Int, second: Int)) -> Date? {
        let components = DateComponents(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
        guard day >= 1, let date = calendar.date(from: components),
              calendar.component(.day, from: date) == day else { return nil }
        return date
    }
}

private extension Substring {
    /// The text without its last character when that is `suffix`; nil otherwise.
    func dropLastIf(_ suffix: Character) -> Substring? {
        last == suffix ? dropLast() : nil
    }
}
