/// One line of a cart as the store keeps it: a product, and how many of it.
public struct CartLineRecord: Sendable, Equatable {
    public let productID: Int
    public let quantity: Int

    public init(productID: Int, quantity: Int) {
        self.productID = productID
        self.quantity = quantity
    }
}

extension [CartLineRecord] {
    /// The lines as one text, `144:4,5:1`, as a key keeps the cart it was answered with.
    var keptText: String {
        map { "\($0.productID):\($0.quantity)" }.joined(separator: ",")
    }

    /// The lines `keptText` wrote; nil for a text it cannot have written.
    init?(keptText text: String) {
        var lines: [CartLineRecord] = []
        for line in text.split(separator: ",") {
            let numbers = line.split(separator: ":", omittingEmptySubsequences: false)
            guard numbers.count == 2, let productID = Int(numbers[0]), let quantity = Int(numbers[1]) else { return nil }
            lines.append(CartLineRecord(productID: productID, quantity: quantity))
        }
        self = lines
    }
}
