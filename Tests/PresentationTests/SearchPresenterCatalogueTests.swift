import Domain
import Foundation
import Presentation
import TestSupport
import Testing

/// The presenter over a repository that behaves like the store, so what is shown
/// depends on what was asked: only the matching rows, and the range line of that page.
@Suite("SearchPresenter against a working in-memory catalogue", .timeLimit(.minutes(1)))
struct SearchPresenterCatalogueTests {
    @Test("searching mug shows the four mugs and nothing else")
    func onlyMatches() async throws {
        let output = SpyOutput()
        let presenter = SearchPresenter(
            searchProducts: SearchProducts(repository: FakeProductRepository(products: try SampleCatalogue.products())),
            output: output, format: .human, errors: ErrorReporter(output: output, format: .human, verbose: false)
        )

        #expect(await presenter.search(try SearchQuery(text: "mug", page: 1, pageSize: 10)) == .success)

        let rows = output.standardOutput.dropFirst().prefix { !$0.isEmpty }
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { $0.contains("Mug") })
        #expect(output.standardOutput.last == "Showing 1–4 of 4 results for \"mug\"")
    }
}
