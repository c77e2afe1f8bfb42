/// The searchable catalogue: products made on demand by the generator, found through
/// an index of the words of their titles and descriptions.
///
/// A search is matched case-insensitively as a substring of title or description,
/// as DummyJSON does. Scanning every description per request would not stay fast
/// at a million products, so the words are indexed once: a query word matches the
/// vocabulary words that contain it (the vocabulary is small), and their posting
/// lists give the candidates. Only a query spanning several words is checked
/// against the full text, and only on those candidates.
struct Catalogue: Sendable {
    let count: Int
    private let generator: CatalogueGenerator
    /// Every distinct lowercased word, and the ascending indexes of the products using it.
    private let postings: [String: [Int32]]

    init(seed: UInt64, count: Int) {
        self.count = count
        self.generator = CatalogueGenerator(seed: seed)
        var postings: [String: [Int32]] = [:]
        for index in 0..<count {
            let product = generator.product(at: index)
            for word in Set(Self.words(of: product.title + " " + product.description)) {
                postings[word, default: []].append(Int32(index))
            }
        }
        self.postings = postings
    }

    func product(id: Int) -> CatalogueProduct? {
        guard id >= 1, id <= count else { return nil }
        return generator.product(at: id - 1)
    }

    /// The matches of `query` in identifier order: how many in all, and the page asked for.
    func search(_ query: String, limit: Int, skip: Int) -> (total: Int, products: [CatalogueProduct]) {
        let needle = query.lowercased()
        let terms = Self.words(of: needle)
        let matches: [Int]
        if terms.isEmpty {
            // An empty or punctuation-only query matches everything, as on DummyJSON.
            matches = Array(0..<count)
        } else {
            var candidates: Set<Int32>?
            for term in terms {
                var forTerm = Set<Int32>()
                for (word, indexes) in postings where word.contains(term) {
                    forTerm.formUnion(indexes)
                }
                candidates = candidates.map { $0.intersection(forTerm) } ?? forTerm
            }
            let sorted = (candidates ?? []).map(Int.init).sorted()
            // One plain word cannot straddle a word boundary, so the index answer is
            // exact; anything longer is checked against the text itself.
            let needsCheck = terms.count > 1 || terms[0] != needle
            matches = needsCheck ? sorted.filter { contains(generator.product(at: $0), needle) } : sorted
        }
        let page = matches.dropFirst(skip).prefix(limit).map { generator.product(at: $0) }
        return (matches.count, Array(page))
    }

    private func contains(_ product: CatalogueProduct, _ needle: String) -> Bool {
        product.title.lowercased().contains(needle) || product.description.lowercased().contains(needle)
    }

    /// Lowercased runs of letters and digits.
    private static func words(of text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
