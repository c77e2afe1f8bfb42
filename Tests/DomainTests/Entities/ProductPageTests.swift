import Domain
import TestSupport
import Testing

@Suite("ProductPage", .timeLimit(.minutes(1)))
struct ProductPageTests {
    @Test("shows the range of a middle page and knows a next one exists")
    func middlePage() throws {
        let page = try Samples.page(count: 10, total: 23, page: 2, pageSize: 10)
        #expect(page.shownRange?.description == "11–20 of 23")
        #expect(page.hasNextPage)
    }

    @Test("shows the range of the last, partial page and knows it is the last")
    func lastPage() throws {
        let page = try Samples.page(count: 3, total: 23, page: 3, pageSize: 10)
        #expect(page.shownRange?.description == "21–23 of 23")
        #expect(!page.hasNextPage)
    }

    @Test("a page whose skip plus its products would overflow is refused, not a crash")
    func overflowingPage() throws {
        // Page 92233720368547759 of 100: skip is 9223372036854775800, 7 short of Int.max.
        #expect(throws: InvalidInput.self) {
            _ = try Samples.page(count: 10, total: Int.max, page: 92_233_720_368_547_759, pageSize: 100)
        }
    }

    @Test("an empty page has no range and no next page")
    func emptyPage() throws {
        let page = try Samples.page(count: 0, total: 0)
        #expect(page.shownRange == nil)
        #expect(!page.hasNextPage)
    }

    @Test("a page past the end is empty but knows the total")
    func pastTheEnd() throws {
        let page = try Samples.page(count: 0, total: 23, page: 9, pageSize: 10)
        #expect(page.shownRange == nil)
        #expect(page.total == 23)
    }

    @Test("refuses numbers that contradict each other", arguments: [
        (11, 23, 1, 10), // more products than a page holds
        (5, 23, 3, 10), // 21–25 of 23
        (1, -1, 1, 10), // negative total
        (1, 23, 0, 10), // page 0
        (0, 23, 1, 0), // page size 0
    ])
    func refusesContradictions(count: Int, total: Int, page: Int, pageSize: Int) throws {
        let products = try (0..<count).map { try Samples.product(id: 1 + $0) }
        #expect(throws: InvalidInput.self) {
            _ = try ProductPage(items: products, total: total, paging: Paging(page: page, pageSize: pageSize))
        }
    }
}
