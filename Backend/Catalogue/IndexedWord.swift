/// A word of the catalogue's index: its lowercased text, and the ascending indexes of
/// the products whose title or description uses it.
///
/// A search tests every word of the index against each word of its query, so the test
/// is made cheap where it can be exact: between two words of ASCII alone, a substring of
/// characters is a substring of bytes, so they are compared byte by byte. A word with
/// any other character is compared as text, as Swift compares characters (with é
/// written as one character or as e and its accent alike).
struct IndexedWord: Sendable {
    let text: String
    let products: [Int32]
    /// The word's bytes when every one is ASCII; nil otherwise.
    private let ascii: [UInt8]?

    init(_ text: String, products: [Int32]) {
        self.text = text
        self.products = products
        self.ascii = Self.asciiBytes(of: text)
    }

    /// Whether `term` appears within this word. No word holds the empty term, as with
    /// `String.contains`.
    func contains(_ term: QueryWord) -> Bool {
        guard let ascii, let needle = term.ascii else { return text.contains(term.text) }
        guard !needle.isEmpty, needle.count <= ascii.count else { return false }
        for start in 0...(ascii.count - needle.count) where ascii[start] == needle[0] {
            var matched = 1
            while matched < needle.count, ascii[start + matched] == needle[matched] {
                matched += 1
            }
            if matched == needle.count { return true }
        }
        return false
    }

    static func asciiBytes(of text: String) -> [UInt8]? {
        text.utf8.allSatisfy { $0 < 0x80 } ? Array(text.utf8) : nil
    }
}

/// A word of a search's query, with its bytes when it is ASCII alone, worked out once
/// for all the words of the index it is tested against.
struct QueryWord {
    let text: String
    let ascii: [UInt8]?

    init(_ text: String) {
        self.text = text
        self.ascii = IndexedWord.asciiBytes(of: text)
    }
}
