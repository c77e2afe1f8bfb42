import Domain
import Foundation
import Presentation
import TestSupport
import Testing

@Suite("SearchPresenter", .timeLimit(.minutes(1)))
struct SearchPresenterTests {
    private func presenter(_ result: Result<Fetched<ProductPage>, StoreError>, format: OutputFormat = .human) -> (SearchPresenter, SpyOutput) {
        let output = SpyOutput()
        let presenter = SearchPresenter(
            searchProducts: SearchProducts(repository: StubProductRepository(result: result)),
            console: Console(output: output, format: format, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        )
        return (presenter, output)
    }

    @Test("renders an aligned table and the range line, and ends loaded")
    func table() async throws {
        let page = try DisplaySamples.page()
        let (presenter, output) = presenter(.success(Fetched(page, from: .network)))

        let shown = await presenter.search(try SearchQuery(text: "phone", page: 2, pageSize: 10))

        #expect(shown.exitStatus == .success)
        #expect(shown == .success(Fetched(page, from: .network)))
        #expect(output.standardOutput == [
            "ID  TITLE                 BRAND      PRICE  RATING  STOCK",
            "11  iPhone 9              Apple    $549.99    4.69     94",
            "12  Café Crème Mug        —          $9.99    3.00      5",
            "13  日本のスマートフォン  Sony   $1,299.00    4.10    120",
            "",
            "Showing 11–13 of 23 results for \"phone\"",
        ])
        #expect(output.standardError.isEmpty)
    }

    @Test("names the query as it was searched, without the spaces around it")
    func trimmedQuery() async throws {
        let page = try DisplaySamples.page()
        let (presenter, output) = presenter(.success(Fetched(page, from: .network)))

        await presenter.search(try SearchQuery(text: "  phone \n", page: 2, pageSize: 10))

        #expect(output.standardOutput.last == "Showing 11–13 of 23 results for \"phone\"")
    }

    @Test("says when an answer comes from the cache, and how old it is")
    func cached() async throws {
        let (presenter, output) = presenter(.success(Fetched(try DisplaySamples.page(), from: .cache(age: .seconds(4 * 60 + 10), reason: .backendUnreachable))))

        await presenter.search(try SearchQuery(text: "phone", page: 2, pageSize: 10))

        #expect(output.standardError == ["offline: showing results cached 4 minutes ago"])
    }

    @Test("writes CLI.md's JSON document, with brand null and cachedAt only from the cache")
    func json() async throws {
        let (presenter, output) = presenter(.success(Fetched(try DisplaySamples.page(), from: .cache(age: .seconds(60), reason: .backendUnreachable))), format: .json)

        await presenter.search(try SearchQuery(text: "phone", page: 2, pageSize: 10))

        let line = try #require(output.standardOutput.first)
        #expect(output.standardOutput.count == 1)
        #expect(line.hasPrefix(#"{"cachedAt":"2027-01-15T07:59:00Z","limit":10,"products":[{"brand":"Apple","category":"smartphones","id":11,"price":549.99,"rating":4.69,"stock":94,"title":"iPhone 9"},{"brand":null,"#))
        #expect(line.hasSuffix(#""query":"phone","skip":10,"source":"cache","total":23}"#))
    }

    @Test("an empty answer says there are no results")
    func empty() async throws {
        let page = try ProductPage(items: [], total: 0, paging: Paging(page: 1, pageSize: 10))
        let (presenter, output) = presenter(.success(Fetched(page, from: .network)))

        await presenter.search(try SearchQuery(text: "zzz", page: 1, pageSize: 10))

        #expect(output.standardOutput == ["No results for \"zzz\""])
    }

    @Test("a failure is returned with its reason, one sentence on stderr, and its exit status")
    func failure() async throws {
        let (presenter, output) = presenter(.failure(.offline))

        let shown = await presenter.search(try SearchQuery(text: "phone", page: 1, pageSize: 10))

        #expect(shown.exitStatus == .unavailable)
        #expect(shown == .failure(.offline))
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == ["storefront: The store cannot be reached and nothing is cached for this; check the address and try again."])
    }

    @Test("in JSON mode a failure's last stderr line is the error document")
    func jsonFailure() async throws {
        let (presenter, output) = presenter(.failure(.sessionExpired), format: .json)

        await presenter.search(try SearchQuery(text: "phone", page: 1, pageSize: 10))

        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.last == #"{"error":{"code":"session-expired","message":"Your session has expired; run `storefront login --username NAME` to sign in again."}}"#)
    }
}
