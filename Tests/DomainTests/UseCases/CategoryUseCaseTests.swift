import Domain
import TestSupport
import Testing

@Suite("ListCategories and BrowseCategory", .timeLimit(.minutes(1)))
struct CategoryUseCaseTests {
    @Test("categories pass through with their origin and the read policy")
    func list() async throws {
        let categories = [Category(slug: try CategorySlug("laptops"), name: "Laptops")]
        let repository = SpyProductRepository(categories: .success(Fetched(categories, from: .network)))

        let result = try await ListCategories(repository: repository)(policy: .cacheOnly)

        #expect(result == Fetched(categories, from: .network))
        #expect(await repository.policies == [.cacheOnly])
    }

    @Test("a category page is asked for with the query and the read policy")
    func browse() async throws {
        let page = try Samples.page(page: 2, pageSize: 5)
        let repository = SpyProductRepository(search: .success(Fetched(page, from: .network)))

        _ = try await BrowseCategory(repository: repository)(try CategoryQuery(slug: " Laptops ", page: 2, pageSize: 5), policy: .revalidate)

        #expect(await repository.categoryCalls == [try CategoryQuery(slug: "laptops", page: 2, pageSize: 5)])
        #expect(await repository.policies == [.revalidate])
    }
}
