import Synchronization

/// The network half of one `--verbose` line, handed from the logging interceptor to
/// the cache policy, which adds the cache half and prints the whole line.
///
/// CLI.md asks for one line per exchange with its status *and* "cache hit/miss". The
/// interceptor knows the first; only the cache policy knows the second, and only
/// afterwards (a refused connection is followed by the cache lookup). A request
/// outside the cache policy (login, refresh) has no record and is logged at once.
final class ExchangeRecord: Sendable {
    /// Bound by the cache policy around its fetch; nil everywhere else.
    @TaskLocal static var current: ExchangeRecord?

    private let line = Mutex<String?>(nil)

    /// What the network did: method, target, status or failure, milliseconds, attempt.
    var network: String? { line.withLock { $0 } }

    func record(_ network: String) {
        line.withLock { $0 = network }
    }
}
