/// Where an answer came from.
public enum Origin: Equatable, Sendable {
    /// Straight from the backend (a `304` that renewed a kept answer counts as this).
    case network
    /// From the local cache, stored `age` ago, for `reason`.
    case cache(age: Duration, reason: CacheReason)
}
