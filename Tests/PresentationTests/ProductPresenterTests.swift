import Domain
import Foundation
import Presentation
import TestSupport
import Testing

@Suite("ProductPresenter", .timeLimit(.minutes(1)))
struct ProductPresenterTests {
    static let product: Product = {
        // A fixed, valid product: force-free because a failing literal fails the test run.
        (try? Product(
            id: ProductID(7), title: "Galaxy Tab", description: "A tablet with a large screen and a pen that never runs out.",
            category: "tablets", brand: nil, price: Money(minorUnits: 49_999, currency: .usd), discountPercentage: 12.5,
            rating: 4.25, stock: 3, tags: ["tablets", "android"], thumbnailURL: ""
        )) ?? { preconditionFailure("sample product is invalid") }()
    }()

    private func presenter(
        _ result: Result<Fetched<Product>, StoreError>,
        format: OutputFormat = .human,
        width: Int? = nil
    ) -> (ProductPresenter, SpyOutput) {
        let output = SpyOutput()
        let presenter = ProductPresenter(
            getProduct: GetProduct(repository: StubProductRepository(productResult: result)),
            console: Console(output: output, format: format, width: width, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        )
        return (presenter, output)
    }

    @Test("shows every field, the discount with the price, and wraps the description to the width")
    func human() async throws {
        let (presenter, output) = presenter(.success(Fetched(Self.product, from: .network)), width: 30)

        #expect(try await presenter.show(ProductID(7)).exitStatus == .success)
        #expect(output.standardOutput == [
            "Galaxy Tab", "", "Brand     —", "Category  tablets", "Price     $499.99  (12.50% off)",
            "Rating    4.25 / 5", "Stock     3", "Tags      tablets, android", "",
            "A tablet with a large screen", "and a pen that never runs out.", // 30 columns exactly
        ])
        #expect(output.standardError.isEmpty)
    }

    @Test("--json: the search document's product plus description, discount, tags, source and cachedAt")
    func json() async throws {
        let (presenter, output) = presenter(.success(Fetched(Self.product, from: .cache(age: .seconds(60), reason: .fresh))), format: .json)

        try await presenter.show(ProductID(7))

        let line = try #require(output.standardOutput.first)
        #expect(line == #"{"brand":null,"cachedAt":"2027-01-15T07:59:00Z","category":"tablets","description":"A tablet with a large screen and a pen that never runs out.","discountPercentage":12.5,"id":7,"price":499.99,"rating":4.25,"source":"cache","stock":3,"tags":["tablets","android"],"title":"Galaxy Tab"}"#)
    }

    @Test("an unknown id says which, code not-found, exit 1; unreachable exits 69")
    func failures() async throws {
        let (missing, missingOutput) = presenter(.failure(.notFound), format: .json)
        let (offline, _) = presenter(.failure(.offline))
        let id = try ProductID(99)

        #expect(await missing.show(id).exitStatus == .failure)
        #expect(missingOutput.standardError.last == #"{"error":{"code":"not-found","message":"No product 99 exists."}}"#)
        #expect(await offline.show(id).exitStatus == .unavailable)
    }
}
