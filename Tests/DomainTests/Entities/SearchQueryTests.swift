import Domain
import Testing

@Suite("SearchQuery", .timeLimit(.minutes(1)))
struct SearchQueryTests {
    @Test("trims the text and counts characters, not bytes")
    func trimsAndCountsCharacters() throws {
        #expect(try SearchQuery(text: "  phone  ").text == "phone")
        // 100 characters of two bytes each are still 100 characters.
        let hundredAccents = String(repeating: "é", count: 100)
        #expect(try SearchQuery(text: hundredAccents).text == hundredAccents)
        #expect(throws: InvalidInput.self) { _ = try SearchQuery(text: hundredAccents + "é") }
    }

    @Test("accepts the edges of each range", arguments: [("a", 1, 1), (String(repeating: "x", count: 100), 1, 100)])
    func acceptsEdges(text: String, page: Int, pageSize: Int) throws {
        let query = try SearchQuery(text: text, page: page, pageSize: pageSize)
        #expect(query.paging.pageSize == pageSize)
    }

    @Test("computes how many matches come before the page", arguments: [(1, 10, 0), (2, 10, 10), (3, 25, 50)])
    func skip(page: Int, pageSize: Int, skip: Int) throws {
        #expect(try SearchQuery(text: "phone", page: page, pageSize: pageSize).paging.skip == skip)
    }
}
