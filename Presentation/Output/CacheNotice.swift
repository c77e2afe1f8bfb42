import Domain
import Styling

/// The line on standard error that says an answer came from the cache, how old it is,
/// and why: still fresh, the store unreachable, busy or failing, or `--offline`.
enum CacheNotice {
    /// Nil for a network answer. `subject` names what was shown ("results", "your profile").
    static func line(for origin: Origin, subject: String) -> StyledText? {
        guard case .cache(let age, let reason) = origin else { return nil }
        return StyledText(sentence(age: age, reason: reason, subject: subject), style: .warning)
    }

    /// The words of that line, for any screen that says why a kept answer is shown.
    static func sentence(age: Duration, reason: CacheReason, subject: String) -> String {
        let cached = "\(subject) cached \(AgeText.describe(age))"
        return switch reason {
        case .fresh: "from the cache: \(cached), still fresh (--refresh asks the store)"
        case .backendUnreachable: "offline: showing \(cached)"
        case .backendBusy: "the store is busy: showing \(cached)"
        case .backendFailed(let failure): "the store failed (\(failure.summary)): showing \(cached)"
        case .offlineRequested: "--offline: showing \(cached)"
        }
    }
}
