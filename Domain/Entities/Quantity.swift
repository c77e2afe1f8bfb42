/// How many of a product to add to a cart: a whole number from 1 to 1,000, the most the
/// store takes in one write.
public struct Quantity: Hashable, Sendable {
    public let rawValue: Int

    public static let most = 1_000

    /// Fails for a number below 1 or above `most`.
    public init(_ rawValue: Int) throws(InvalidInput) {
        guard (1...Self.most).contains(rawValue) else {
            throw InvalidInput(field: "quantity", reason: "must be a whole number from 1 to 1,000")
        }
        self.rawValue = rawValue
    }
}
