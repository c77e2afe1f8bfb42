/// Why a kept answer was used instead of a new one.
public enum CacheReason: Equatable, Sendable {
    /// The backend said the answer may be reused this long, so it was not asked.
    case fresh
    /// The backend could not be reached (or kept failing); the answer may be old.
    case backendUnreachable
    /// The backend asked to wait, longer than a command waits.
    case backendBusy
    /// The backend answered with a failure of its own (stale-if-error); the diagnostic
    /// names it.
    case backendFailed(Diagnostic)
    /// The person asked for no network (`--offline`).
    case offlineRequested
}
