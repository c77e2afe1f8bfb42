/// The server's identifier of a product: always positive.
public struct ProductID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    /// Fails for zero and negative numbers, which no server hands out.
    public init(_ rawValue: Int) throws(InvalidInput) {
        guard rawValue > 0 else {
            throw InvalidInput(field: "id", reason: "must be a positive whole number")
        }
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }
}
