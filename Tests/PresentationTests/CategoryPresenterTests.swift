import Domain
import Foundation
import Presentation
import TestSupport
import Testing

@Suite("CategoriesPresenter and CategoryPresenter", .timeLimit(.minutes(1)))
struct CategoryPresenterTests {
    static func categories() throws -> [Category] {
        [Category(slug: try CategorySlug("laptops"), name: "Laptops"), Category(slug: try CategorySlug("mobile-accessories"), name: "Mobile Accessories")]
    }

    private func listing(
        _ result: Result<Fetched<[Category]>, StoreError>, format: OutputFormat = .human, asTable: Bool
    ) -> (CategoriesPresenter, SpyOutput) {
        let output = SpyOutput()
        let repository = StubProductRepository(categoriesResult: result)
        let presenter = CategoriesPresenter(
            listCategories: ListCategories(repository: repository),
            console: Console(output: output, format: format, width: asTable ? 80 : nil)
        )
        return (presenter, output)
    }

    @Test("a table on a terminal; slug and name separated by a tab when piped; JSON with its source")
    func categories() async throws {
        let (table, tableOutput) = listing(.success(Fetched(try Self.categories(), from: .network)), asTable: true)
        let (piped, pipedOutput) = listing(.success(Fetched(try Self.categories(), from: .network)), asTable: false)
        let (json, jsonOutput) = listing(.success(Fetched(try Self.categories(), from: .network)), format: .json, asTable: true)

        #expect(await table.show().exitStatus == .success)
        await piped.show()
        await json.show()

        #expect(tableOutput.standardOutput == ["SLUG                NAME", "laptops             Laptops", "mobile-accessories  Mobile Accessories"])
        #expect(pipedOutput.standardOutput == ["laptops\tLaptops", "mobile-accessories\tMobile Accessories"])
        #expect(jsonOutput.standardOutput == [#"{"categories":[{"name":"Laptops","slug":"laptops"},{"name":"Mobile Accessories","slug":"mobile-accessories"}],"source":"network"}"#])
    }

    @Test("offline with nothing cached: exit 69 and the sentence")
    func unreachable() async {
        let (presenter, output) = listing(.failure(.offline), asTable: true)
        #expect(await presenter.show().exitStatus == .unavailable)
        #expect(output.standardError.last?.hasPrefix("storefront: The store cannot be reached") == true)
    }

    private func browsing(_ result: Result<Fetched<ProductPage>, StoreError>, format: OutputFormat = .human) -> (CategoryPresenter, SpyOutput) {
        let output = SpyOutput()
        let presenter = CategoryPresenter(
            browseCategory: BrowseCategory(repository: StubProductRepository(result: result)),
            console: Console(output: output, format: format, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        )
        return (presenter, output)
    }

    @Test("a category page: the search table and 'Showing A–B of N products in \"slug\"'; JSON with category for query")
    func page() async throws {
        let page = try DisplaySamples.page()
        let (human, humanOutput) = browsing(.success(Fetched(page, from: .network)))
        let (json, jsonOutput) = browsing(.success(Fetched(page, from: .network)), format: .json)

        #expect(try await human.show(CategoryQuery(slug: " Laptops ", page: 2, pageSize: 10)).exitStatus == .success)
        try await json.show(CategoryQuery(slug: "laptops", page: 2, pageSize: 10))

        #expect(humanOutput.standardOutput.last == "Showing 11–13 of 23 products in \"laptops\"")
        let document = try #require(try JSONSerialization.jsonObject(with: Data((jsonOutput.standardOutput.first ?? "").utf8)) as? [String: Any])
        #expect(document["category"] as? String == "laptops")
        #expect(document["query"] == nil)
        #expect((document["products"] as? [Any])?.count == page.products.count)
    }

    @Test("an empty category says so")
    func emptyCategory() async throws {
        let (presenter, output) = browsing(.success(Fetched(try ProductPage(items: [], total: 0, paging: Paging(page: 1, pageSize: 10)), from: .network)))
        try await presenter.show(CategoryQuery(slug: "nothing-here", page: 1, pageSize: 10))
        #expect(output.standardOutput == [#"No results in "nothing-here""#])
    }
}
