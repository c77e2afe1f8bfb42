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
    /// Straight from the backend.
    case network
    /// From the local cache, stored `age` ago, because the backend could not be reached.
    case cache(age: Duration)
}
