#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Infrastructure

/// How long a backend asked the client to wait, read from `Retry-After` (RFC 9110
/// §10.2.3): whole seconds, or an HTTP date. A header that is neither counts as absent:
/// guessing a wait from garbage would make the client either hammer or stall.
public enum RetryAfter {
    /// The longest wait kept. A server saying "in ten years" means "not now"; capping
    /// it keeps the arithmetic (and the sentence that quotes it) finite.
    public static let longest: Duration = .seconds(86_400)

    /// The wait `value` asks for, measured from `now`; nil when there is no usable value.
    /// A date in the past asks for no wait at all.
    public static func delay(from value: String?, now: Date) -> Duration? {
        guard let value = value.map(trimmingSpaces), !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCIIDigit) {
            // Too many digits for an Int is still "a very long time".
            guard let seconds = Int64(value) else { return longest }
            return min(.seconds(seconds), longest)
        }
        // An HTTP date is ASCII: anything else is refused here, before a parser reads it.
        guard value.unicodeScalars.allSatisfy(\.isASCII), let date = HTTPDate.parse(value, now: now) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds > 0 else { return .zero }
        // Capped before converting: a far-off date must not overflow the milliseconds.
        return .milliseconds(Int64(min(seconds, Double(longest.components.seconds)) * 1000))
    }

    /// The value without the spaces and tabs a field may carry around it (RFC 9110 §5.5).
    private static func trimmingSpaces(_ value: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(value.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
