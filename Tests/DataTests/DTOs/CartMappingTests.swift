@testable import Data
import Domain
import Foundation
import HTTPTypes
import TestSupport
import Testing

@Suite("The cart's wire shapes and their mapping", .timeLimit(.minutes(1)))
struct CartMappingTests {
    @Test("DummyJSON's carts of a user map to the first cart, its lines and sums in cents")
    func userCarts() throws {
        let cart = try StoreEndpoints.cart(ofUser: 1).value(from: Array(Fixtures.recorded("userCarts.json").utf8))
        #expect(cart.lines.map(\.productID.rawValue) == [1, 98])
        #expect(cart.lines.map(\.quantity) == [2, 1])
        #expect(cart.lines.map(\.total.description) == ["$19.98", "$13,999.99"])
        #expect(cart.lines.map(\.discountedTotal.description) == ["$18.55", "$13,885.19"])
        #expect((cart.total.description, cart.discountedTotal.description, cart.quantity) == ("$14,019.97", "$13,903.74", 3))
    }

    @Test("DummyJSON's answer to an add, whose lines name the discounted total discountedPrice, maps alike")
    func added() throws {
        let call = try StoreEndpoints.addToCart(ofUser: 1, ProductID(144), quantity: 4, key: UUID())
        let cart = try call.value(from: Array(Fixtures.recorded("addToCart.json").utf8))
        #expect(cart.lines.map(\.title) == ["Cricket Helmet"])
        #expect((cart.lines.first?.total.description, cart.lines.first?.discountedTotal.description) == ("$179.96", "$159.00"))
        #expect(cart.quantity == 4)
    }

    @Test("a user with no cart has an empty one")
    func none() throws {
        let cart = try StoreEndpoints.cart(ofUser: 1).value(from: Array(#"{"carts":[],"total":0,"skip":0,"limit":0}"#.utf8))
        #expect(cart.lines.isEmpty && cart.quantity == 0 && cart.total.description == "$0.00")
    }

    @Test("a cart with a line of no items, no discounted total, or a total below zero is unusable", arguments: [
        #"{"products":[{"id":1,"title":"A","price":1,"quantity":0,"total":0,"discountedTotal":0}],"total":0,"discountedTotal":0}"#,
        #"{"products":[{"id":1,"title":"A","price":1,"quantity":1,"total":1}],"total":1,"discountedTotal":1}"#,
        #"{"products":[{"id":1,"title":" ","price":1,"quantity":1,"total":1,"discountedTotal":1}],"total":1,"discountedTotal":1}"#,
        #"{"products":[],"total":-1,"discountedTotal":0}"#,
    ])
    func unusable(json: String) throws {
        let call = try StoreEndpoints.addToCart(ofUser: 1, ProductID(1), quantity: 1, key: UUID())
        #expect(throws: StoreError.self) { try call.value(from: Array(json.utf8)) }
    }

    @Test("an add is a POST of the user's id and one line, its key a quoted lower-case UUID, signed in")
    func addRequest() throws {
        let key = try #require(UUID(uuidString: "5B0F1C0E-2F4F-4B1E-9D44-0C1A3C6C7F21"))
        let call = try StoreEndpoints.addToCart(ofUser: 7, ProductID(144), quantity: 3, key: key)
        #expect(call.requestLine == "POST /auth/carts/add")
        #expect(call.request.headerFields[try #require(HTTPField.Name("Idempotency-Key"))] == #""5b0f1c0e-2f4f-4b1e-9d44-0c1a3c6c7f21""#)
        #expect(call.request.headerFields[.contentType] == "application/json")
        #expect(String(decoding: try #require(call.body), as: UTF8.self) == #"{"products":[{"id":144,"quantity":3}],"userId":7}"#)
        #expect(call.requiresAuthentication)
    }
}
