/// The signed-in user's cart: its lines as the store priced them, and their sums.
public struct Cart: Equatable, Sendable {
    public let lines: [CartLine]
    /// The lines' totals, before any discount.
    public let total: Money
    /// What the lines come to after their discounts.
    public let discountedTotal: Money

    /// Fails on a total below zero: a cart like that is a broken answer. A discounted
    /// total may be above the total: DummyJSON rounds it to a whole dollar.
    public init(lines: [CartLine], total: Money, discountedTotal: Money) throws(InvalidInput) {
        guard total.minorUnits >= 0, discountedTotal.minorUnits >= 0 else {
            throw InvalidInput(field: "total", reason: "must not be negative")
        }
        self.lines = lines
        self.total = total
        self.discountedTotal = discountedTotal
    }

    /// How many items, every line's quantity added up.
    public var quantity: Int {
        lines.reduce(0) { $0 + $1.quantity }
    }
}

/// One product in a cart: how many, and what they cost.
public struct CartLine: Equatable, Sendable {
    public let productID: ProductID
    public let title: String
    public let price: Money
    public let quantity: Int
    /// The price times the quantity.
    public let total: Money
    /// The total after the product's discount.
    public let discountedTotal: Money

    /// Fails on a quantity below one or a blank title.
    public init(productID: ProductID, title: String, price: Money, quantity: Int, total: Money, discountedTotal: Money) throws(InvalidInput) {
        guard quantity >= 1 else {
            throw InvalidInput(field: "quantity", reason: "must be at least 1")
        }
        guard !title.trimmingWhitespace().isEmpty else {
            throw InvalidInput(field: "title", reason: "must not be empty")
        }
        self.productID = productID
        self.title = title
        self.price = price
        self.quantity = quantity
        self.total = total
        self.discountedTotal = discountedTotal
    }
}
