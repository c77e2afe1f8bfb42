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
