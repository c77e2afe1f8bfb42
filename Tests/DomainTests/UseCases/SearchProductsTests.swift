import Domain
import TestSupport
import Testing

@Suite("SearchProducts", .timeLimit(.minutes(1)))
struct SearchProductsTests {
    @Test("searches with the trimmed text, page and page size")
    func success() async throws {
        let page = try Samples.page(page: 2, pageSize: 10)
        let repository = SpyProductRepository(search: .success(Fetched(page, from: .network)))
        let search = SearchProducts(repository: repository)

        let result = try await search(text: "  phone ", page: 2, pageSize: 10)

        #expect(result == Fetched(page, from: .network))
        let calls = await repository.searchCalls
        #expect(calls == [try SearchQuery(text: "phone", page: 2, pageSize: 10)])
        #expect(calls.first?.paging.skip == 10)
    }

    @Test("uses page 1 and ten results when none are given")
    func defaults() async throws {
        let repository = SpyProductRepository(search: .success(Fetched(try Samples.page(), from: .network)))

        _ = try await SearchProducts(repository: repository)(text: "phone")

        let calls = await repository.searchCalls
        #expect(calls.map(\.paging.page) == [1])
        #expect(calls.map(\.paging.pageSize) == [10])
    }

    @Test("refuses input before the repository sees it", arguments: [
        ("", 1, 10, "query"),
        ("   ", 1, 10, "query"),
        (String(repeating: "a", count: 101), 1, 10, "query"),
        ("phone", 0, 10, "page"),
        ("phone", -3, 10, "page"),
        ("phone", Int.max, 10, "page"),
        ("phone", 1, 0, "limit"),
        ("phone", 1, 101, "limit"),
    ])
    func invalidInput(text: String, page: Int, pageSize: Int, field: String) async throws {
        let repository = SpyProductRepository()

        let error = await #expect(throws: StoreError.self) {
            _ = try await SearchProducts(repository: repository)(text: text, page: page, pageSize: pageSize)
        }

        guard case .invalidInput(let input) = error else {
            Issue.record("expected invalidInput, got \(String(describing: error))")
            return
        }
        #expect(input.field == field)
        #expect(await repository.searchCalls.isEmpty)
    }

    @Test("passes repository errors through unchanged", arguments: Samples.repositoryErrors)
    func repositoryError(_ expected: StoreError) async throws {
        let search = SearchProducts(repository: SpyProductRepository(search: .failure(expected)))

        await #expect(throws: expected) {
            _ = try await search(text: "phone")
        }
    }
}

