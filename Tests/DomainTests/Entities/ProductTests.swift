import Domain
import TestSupport
import Testing

@Suite("Product, User and identifiers", .timeLimit(.minutes(1)))
struct ProductTests {
    private func product(
        title: String = "Phone",
        price: Int = 100,
        discount: Double = 0,
        rating: Double = 4,
        stock: Int = 1
    ) throws -> Product {
        try Product(
            id: ProductID(1), title: title, description: "", category: "smartphones", brand: nil,
            price: Money(minorUnits: price, currency: .usd), discountPercentage: discount,
            rating: rating, stock: stock, tags: [], thumbnailURL: ""
        )
    }

    @Test("accepts a product at the edges of every range")
    func acceptsEdges() throws {
        _ = try product(price: 0, discount: 0, rating: 0, stock: 0)
        _ = try product(discount: 100, rating: 5)
    }

    @Test("refuses a product that breaks a rule", arguments: [
        ("", 100, 0.0, 4.0, 1, "title"),
        ("Phone", -1, 0.0, 4.0, 1, "price"),
        ("Phone", 100, 100.5, 4.0, 1, "discountPercentage"),
        ("Phone", 100, 0.0, 5.1, 1, "rating"),
        ("Phone", 100, 0.0, Double.nan, 1, "rating"),
        ("Phone", 100, 0.0, 4.0, -1, "stock"),
    ])
    func refuses(title: String, price: Int, discount: Double, rating: Double, stock: Int, field: String) {
        let error = #expect(throws: InvalidInput.self) {
            _ = try product(title: title, price: price, discount: discount, rating: rating, stock: stock)
        }
        #expect(error?.field == field)
    }

    @Test("product identifiers are positive")
    func productIDs() throws {
        #expect(try ProductID(1).rawValue == 1)
        for id in [0, -1, Int.min] {
            #expect(throws: InvalidInput(field: "id", reason: "must be a positive whole number")) { _ = try ProductID(id) }
        }
    }

    @Test("a user needs a username, and is shown by name when there is one")
    func users() throws {
        #expect(try Samples.user().displayName == "Emily Johnson")
        let nameless = try User(id: UserID(2), username: "kim", email: "", firstName: "", lastName: "", imageURL: "")
        #expect(nameless.displayName == "kim")
        #expect(throws: InvalidInput.self) {
            _ = try User(id: UserID(3), username: " ", email: "", firstName: "A", lastName: "B", imageURL: "")
        }
    }
}
