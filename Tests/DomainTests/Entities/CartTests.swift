import Domain
import Testing

@Suite("Cart", .timeLimit(.minutes(1)))
struct CartTests {
    static func dollars(_ cents: Int) -> Money { Money(minorUnits: cents, currency: .usd) }

    static func line(quantity: Int = 1, title: String = "Cricket Helmet") throws -> CartLine {
        try CartLine(
            productID: ProductID(144), title: title, price: dollars(4_499), quantity: quantity,
            total: dollars(4_499 * quantity), discountedTotal: dollars(3_900 * quantity)
        )
    }

    @Test("a line holds at least one item", arguments: [0, -1])
    func noItems(quantity: Int) {
        #expect(throws: InvalidInput(field: "quantity", reason: "must be at least 1")) { _ = try Self.line(quantity: quantity) }
    }

    @Test("a line needs a title with more than whitespace", arguments: ["", "  "])
    func blankTitle(title: String) {
        #expect(throws: InvalidInput(field: "title", reason: "must not be empty")) { _ = try Self.line(title: title) }
    }

    @Test("a cart's totals are never negative", arguments: [(-1, 0), (0, -1)])
    func negativeTotals(total: Int, discounted: Int) {
        #expect(throws: InvalidInput(field: "total", reason: "must not be negative")) {
            _ = try Cart(lines: [], total: Self.dollars(total), discountedTotal: Self.dollars(discounted))
        }
    }

    @Test("a discounted total above the total is kept: DummyJSON rounds it to a whole dollar")
    func discountRoundedUp() throws {
        let cart = try Cart(lines: [], total: Self.dollars(999), discountedTotal: Self.dollars(1_000))
        #expect(cart.discountedTotal == Self.dollars(1_000))
    }

    @Test("a cart's quantity adds up its lines' quantities; an empty cart holds none")
    func quantity() throws {
        let cart = try Cart(lines: [Self.line(quantity: 3), Self.line(quantity: 2)], total: Self.dollars(22_495), discountedTotal: Self.dollars(19_500))
        #expect(cart.quantity == 5)
        #expect(try Cart(lines: [], total: Self.dollars(0), discountedTotal: Self.dollars(0)).quantity == 0)
    }
}
