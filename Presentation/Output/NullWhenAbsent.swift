/// An optional that a JSON document writes as `null` rather than leaving out, where
/// CLI.md shows the key always present (`"brand": null`): a script can then read
/// the key without first asking whether it exists.
@propertyWrapper
public struct NullWhenAbsent<Value: Encodable & Sendable>: Encodable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}
