@testable import Backend
import Testing

@Suite("A word of the catalogue's index", .timeLimit(.minutes(1)))
struct IndexedWordTests {
    /// What Swift's `String.contains` says of each pair, byte path or not.
    @Test("a query word is found in an index word as String.contains finds it", arguments: [
        ("smartphone", "phone", true), ("phone", "pho", true), ("phone", "phone", true), ("phone", "phones", false),
        ("phone", "hpo", false), ("iphone", "i", true), ("iphone", "e", true), ("13", "3", true), ("s21", "21", true),
        ("aaab", "aab", true), ("ababc", "abc", true), ("phone", "", false),
        // A word with any other character is compared as characters.
        ("café", "caf", true), ("café", "cafe", false), ("café", "é", true), ("café", "cafe\u{301}", true),
        ("cafe\u{301}", "café", true), ("cafe\u{301}", "cafe", false), ("müsli", "ü", true), ("müsli", "musli", false),
        ("crème", "crème", true), ("phone", "phöne", false),
    ])
    func contains(word: String, term: String, expected: Bool) {
        #expect(IndexedWord(word, products: []).contains(QueryWord(term)) == expected)
        #expect(word.contains(term) == expected || term.isEmpty)
    }
}
