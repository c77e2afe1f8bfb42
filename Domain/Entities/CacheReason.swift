/// Why a kept answer was used instead of a new one.
public enum CacheReason: Equatable, Sendable {
    /// The backend said the answer may be reused this long, so it was not asked.
    case fresh
    /// The backend could not be reached (or kept failing); the answer may be old.
    case backendUnreachable
    /// The person asked for no network (`--offline`).
    case offlineRequested
}
