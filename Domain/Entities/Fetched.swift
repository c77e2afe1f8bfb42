/// A value together with where it came from, so an offline answer can say how old it is.
public struct Fetched<Value: Sendable>: Sendable {
    public let value: Value
    public let origin: Origin

    public init(_ value: Value, from origin: Origin) {
        self.value = value
        self.origin = origin
    }
}

extension Fetched: Equatable where Value: Equatable {}

/// Where an answer came from.
public enum Origin: Equatable, Sendable {
    /// Straight from the backend (a `304` that renewed a kept answer counts as this).
    case network
    /// From the local cache, stored `age` ago, for `reason`.
    case cache(age: Duration, reason: CacheReason)
}

/// Why a kept answer was used instead of a new one.
public enum CacheReason: Equatable, Sendable {
    /// The backend said the answer may be reused this long, so it was not asked.
    case fresh
    /// The backend could not be reached (or kept failing); the answer may be old.
    case backendUnreachable
    /// The person asked for no network (`--offline`).
    case offlineRequested
}
