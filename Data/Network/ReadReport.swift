import Domain
import HTTPTypes

/// The `--verbose` line of one read, made once when the read ends and logged once:
/// what the network did (or that nothing was sent), what the backend asked or said when
/// it failed, then what the cache did. It holds what happened, not text: the words are
/// made only when a log asks (the logger's message is an autoclosure), so a quiet command
/// spends nothing on them.
///
/// Never a body or a header (so never `Authorization`), a token, a password or a key in
/// the line: only the method, the target and what happened. The query string is
/// printed; a search is not a secret.
struct ReadReport: CustomStringConvertible {
    /// What the cache did, as the line's last words say it.
    enum CacheOutcome {
        case miss, hit(storedAgo: Duration), fresh(for: Duration), revalidated
        case stored, notWritten, noStore, refused, notUsed, notKept
    }

    /// What the chain gave back for one call (which try answered included), and how
    /// long it took.
    struct Exchange {
        let answer: Result<HTTPAnswer, NetworkError>
        let milliseconds: Int64
    }

    /// `METHOD TARGET` of the call read.
    let requestLine: String
    /// The exchange; nil when nothing was sent.
    var exchange: Exchange?
    /// Nothing was sent because `--offline` said so.
    var offline = false
    /// What the backend answered with, when it failed: what it asked or said is shown.
    var failure: StoreError?
    let cache: CacheOutcome

    var description: String {
        let outcome = switch cache {
        case .miss: "cache miss"
        case .hit(let age): "cache hit, stored \(age.components.seconds) s ago"
        case .fresh(let left): "cache hit, fresh for \(left.components.seconds) s more"
        case .revalidated: "cache hit, revalidated"
        case .stored: "cache miss, stored"
        case .notWritten: "cache miss, not stored: the cache could not be written"
        case .noStore: "cache miss, not stored (no-store)"
        case .refused: "cache miss, not stored: the answer was unusable"
        case .notUsed: "cache not used"
        case .notKept: "not cached"
        }
        let said = failure.map(Self.whatTheBackendSaid) ?? ""
        return "\(network), \(said)\(outcome)"
    }

    private var network: String {
        guard let exchange else { return "\(requestLine) not sent" + (offline ? " (--offline)" : "") }
        return switch exchange.answer {
        case .success(let answer): "\(requestLine) \(answer.response.status.code) \(exchange.milliseconds) ms attempt \(answer.attempt)"
        case .failure(let error): "\(requestLine) failed (\(error.summary)) \(exchange.milliseconds) ms"
        }
    }

    /// What the backend asked or said (escaped when printed). The server's message is
    /// folded onto one line and cut at 200 characters: CLI.md promises one line per
    /// exchange, whatever a server puts in its message.
    private static func whatTheBackendSaid(_ error: StoreError) -> String {
        switch error {
        case .rateLimited(let wait?): "asked to wait \(wait.components.seconds) s, "
        case .rateLimited(nil): "asked to wait, "
        case .storeFailed(let diagnostic):
            diagnostic.theirWords.map { "failed (\(diagnostic.summary): \($0.foldingWhitespace().prefix(200))), " } ?? ""
        default: ""
        }
    }
}
