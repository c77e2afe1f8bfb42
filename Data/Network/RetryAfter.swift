import Foundation

/// How long a backend asked the client to wait, read from `Retry-After` (RFC 9110
/// §10.2.3): whole seconds, or an HTTP date. A header that is neither counts as absent:
/// guessing a wait from garbage would make the client either hammer or stall.
public enum RetryAfter {
    /// The longest wait kept. A server saying "in ten years" means "not now"; capping
    /// it keeps the arithmetic (and the sentence that quotes it) finite.
    public static let longest: Duration = .seconds(86_400)

    /// Whether an answer asks the client to wait: a 429 always (how long only when
    /// `wait` says), a 503 only when it says how long. A 503 without `Retry-After` is an
    /// ordinary outage, retried with backoff. The retry and the error mapping both ask here.
    public static func asksToWait(status: Int, wait: Duration?) -> Bool {
        status == 429 || (status == 503 && wait != nil)
    }

    /// The wait `value` asks for, measured from `now`; nil when there is no usable value.
    /// A date in the past asks for no wait at all.
    public static func delay(from value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCIIDigit) {
            // Too many digits for an Int is still "a very long time".
            guard let seconds = Int64(value) else { return longest }
            return min(.seconds(seconds), longest)
        }
        // An HTTP date is ASCII. Anything else is refused here, before DateFormatter,
        // which traps on some such texts (a letter outside ASCII among the fields).
        guard value.unicodeScalars.allSatisfy(\.isASCII), let date = httpDate(value) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds > 0 else { return .zero }
        // Capped before converting: a far-off date must not overflow the milliseconds.
        return .milliseconds(Int64(min(seconds, Double(longest.components.seconds)) * 1000))
    }

    /// The three forms RFC 9110 §5.6.7 makes a recipient accept: IMF-fixdate first, then
    /// the obsolete RFC 850 and asctime forms.
    private static func httpDate(_ text: String) -> Date? {
        // asctime pads a one-digit day with a second space ("Nov  6").
        let text = text.split(separator: " ").joined(separator: " ")
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
