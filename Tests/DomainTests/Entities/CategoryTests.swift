import Domain
import Testing

@Suite("Categories: slug, name and paging rules", .timeLimit(.minutes(1)))
struct CategoryTests {
    @Test("a slug is lowercased and trimmed; letters, digits and hyphens only", arguments: [
        ("smartphones", "smartphones"), ("  Mobile-Accessories ", "mobile-accessories"), ("top-10", "top-10"),
    ])
    func validSlugs(text: String, slug: String) throws {
        #expect(try CategorySlug(text).rawValue == slug)
    }

    @Test("anything that could change the path, or nothing at all, is refused", arguments: [
        "", "   ", "a/b", "../etc", "phones?x=1", "café", "with space", String(repeating: "a", count: 61),
    ])
    func invalidSlugs(text: String) {
        #expect(throws: InvalidInput.self) { try CategorySlug(text) }
    }

    @Test("a blank name shows as the slug")
    func blankName() throws {
        #expect(Category(slug: try CategorySlug("tablets"), name: "  ").name == "tablets")
        #expect(Category(slug: try CategorySlug("tablets"), name: " Tablets ").name == "Tablets")
    }

    @Test("a category page follows the paging rules: page from 1, limit 1 to 100, no overflow")
    func paging() throws {
        #expect(try CategoryQuery(slug: "laptops", page: 3, pageSize: 5).paging.skip == 10)
        #expect(throws: InvalidInput(field: "page", reason: "must be 1 or more")) { try CategoryQuery(slug: "laptops", page: 0) }
        #expect(throws: InvalidInput.self) { try CategoryQuery(slug: "laptops", pageSize: 101) }
        #expect(throws: InvalidInput(field: "page", reason: "is too large")) { try CategoryQuery(slug: "laptops", page: Int.max, pageSize: 100) }
    }
}
