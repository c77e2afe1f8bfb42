import Domain
import Foundation
import Presentation
import TestSupport
import Testing

@Suite("CartPresenter", .timeLimit(.minutes(1)))
struct CartPresenterTests {
    static func dollars(_ cents: Int) -> Money { Money(minorUnits: cents, currency: .usd) }

    static func cart() throws -> Cart {
        try Cart(
            lines: [
                CartLine(productID: ProductID(3), title: "JBL Earbuds Wireless", price: dollars(48_800), quantity: 2, total: dollars(97_600), discountedTotal: dollars(87_645)),
                CartLine(productID: ProductID(5), title: "Olive Oil Organic", price: dollars(1_995), quantity: 1, total: dollars(1_995), discountedTotal: dollars(1_740)),
            ],
            total: dollars(99_595), discountedTotal: dollars(89_385)
        )
    }

    static let empty = Result<Fetched<Cart>, StoreError>.failure(.unexpected(Diagnostic("not asked")))

    private func presenter(
        cart: Result<Fetched<Cart>, StoreError> = empty, added: Result<Cart, StoreError> = .failure(.unexpected(Diagnostic("not asked"))),
        format: OutputFormat = .human
    ) -> (CartPresenter, SpyOutput, SpyCartRepository) {
        let output = SpyOutput()
        let repository = SpyCartRepository(cart: cart, added: added)
        let presenter = CartPresenter(
            showCart: ShowCart(repository: repository), addToCart: AddToCart(repository: repository),
            console: Console(output: output, format: format, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        )
        return (presenter, output, repository)
    }

    @Test("the cart: its lines, a blank line, and what it comes to before and after discounts")
    func table() async throws {
        let (presenter, output, _) = presenter(cart: .success(Fetched(try Self.cart(), from: .network)))
        #expect(await presenter.show().exitStatus == .success)
        #expect(output.standardOutput == [
            "ID  TITLE                 QTY    PRICE    TOTAL",
            " 3  JBL Earbuds Wireless    2  $488.00  $976.00",
            " 5  Olive Oil Organic       1   $19.95   $19.95",
            "",
            "3 items, $995.95 in all, $893.85 after discounts",
        ])
    }

    @Test("an empty cart is one line")
    func empty() async throws {
        let cart = try Cart(lines: [], total: Self.dollars(0), discountedTotal: Self.dollars(0))
        let (presenter, output, _) = presenter(cart: .success(Fetched(cart, from: .network)))
        await presenter.show()
        #expect(output.standardOutput == ["Your cart is empty."])
    }

    @Test("--json: the lines and sums as numbers, and where the cart came from")
    func json() async throws {
        let (presenter, output, _) = presenter(cart: .success(Fetched(try Self.cart(), from: .cache(age: .seconds(60), reason: .backendUnreachable))), format: .json)
        await presenter.show()
        #expect(output.standardOutput == [
            #"{"cachedAt":"2027-01-15T07:59:00Z","discountedTotal":893.85,"lines":[{"discountedTotal":876.45,"id":3,"price":488,"quantity":2,"title":"JBL Earbuds Wireless","total":976},{"discountedTotal":17.4,"id":5,"price":19.95,"quantity":1,"title":"Olive Oil Organic","total":19.95}],"quantity":3,"source":"cache","total":995.95}"#,
        ])
    }

    @Test("an add says what it added, then shows the cart that results, and asks the repository once")
    func add() async throws {
        let (presenter, output, repository) = presenter(added: .success(try Self.cart()))
        #expect(await presenter.add(try ProductID(3), quantity: try Quantity(2)).exitStatus == .success)
        #expect(output.standardOutput.first == "Added 2 of product 3.")
        #expect(output.standardOutput.last == "3 items, $995.95 in all, $893.85 after discounts")
        #expect(await repository.adds.map { [$0.product.rawValue, $0.quantity.rawValue] } == [[3, 2]])
    }

    @Test("an add whose outcome is unknown: 75 and the sentence that says to run it again; an unknown product names it", arguments: [
        (StoreError.outcomeUnknown(Diagnostic("reset"), keyKept: true), "storefront: No answer came, so the store may have added it; run the same command again within the hour, and it will not be added twice.", 75),
        (.outcomeUnknown(Diagnostic("reset"), keyKept: false), "storefront: No answer came, so the store may have added it, and its key could not be kept here; run `storefront cart` before adding it again, or it may be added twice.", 75),
        (.notSent(Diagnostic("refused")), "storefront: The store cannot be reached, so nothing was sent; check the address and try again.", 69),
        (.notFound, "storefront: No product 3 exists.", 1),
    ])
    func addFails(error: StoreError, sentence: String, status: Int32) async throws {
        let (presenter, output, _) = presenter(added: .failure(error))
        #expect(await presenter.add(try ProductID(3), quantity: try Quantity(2)).exitStatus.rawValue == status)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == [sentence])
    }
}
