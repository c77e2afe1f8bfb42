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
    /// Every distinct lowercased word, with the products using it.
    private let vocabulary: [IndexedWord]

    /// How often `indexed` hears of the work: often enough to move a progress line,
    /// rarely enough to cost nothing.
    static let progressStep = 10_000

    init(seed: UInt64, count: Int, indexed: (Int) -> Void = { _ in }) {
        self.count = count
        self.generator = CatalogueGenerator(seed: seed)
        var postings: [String: [Int32]] = [:]
        for index in 0..<count {
            let product = generator.product(at: index)
            for word in Set(Self.words(of: product.title + " " + product.description)) {
                postings[word, default: []].append(Int32(index))
            }
            if (index + 1) % Self.progressStep == 0 || index + 1 == count {
                indexed(index + 1)
            }
        }
        self.vocabulary = postings.map { IndexedWord($0.key, products: $0.value) }
    }

    func product(id: Int) -> CatalogueProduct? {
        guard id >= 1, id <= count else { return nil }
        return generator.product(at: id - 1)
    }

    /// Every category, as DummyJSON names them: the slug, and the slug in words.
    func categories() -> [(slug: String, name: String)] {
        CatalogueGenerator.categorySlugs.map { slug in
            (slug, slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))
        }
    }

    /// A category's products in identifier order: how many in all, and the page asked
    /// for. Products are dealt to categories in turn, so no index is needed. An unknown
    /// slug has none, as on DummyJSON.
    func products(inCategory slug: String, limit: Int, skip: Int) -> (total: Int, products: [CatalogueProduct]) {
        let slugs = CatalogueGenerator.categorySlugs
        guard let first = slugs.firstIndex(of: slug), first < count else { return (0, []) }
        let total = (count - 1 - first) / slugs.count + 1
        guard skip < total else { return (total, []) }
        let page = (skip..<min(total, skip + limit)).map { generator.product(at: first + $0 * slugs.count) }
        return (total, page)
    }

    /// The matches of `query` in identifier order: how many in all, and the page asked for.
    func search(_ query: String, limit: Int, skip: Int) -> (total: Int, products: [CatalogueProduct]) {
        let needle = query.lowercased()
        let terms = Self.words(of: needle)
        // With no word to look up (an empty query, or one of punctuation alone) every
        // product is a candidate: the empty query matches them all, as on DummyJSON, and
        // punctuation is found by reading the text below (a scan of the whole catalogue,
        // rare enough not to be worth indexing).
        var matches = ProductSet(count: count, full: terms.isEmpty)
        for (position, term) in terms.map(QueryWord.init).enumerated() {
            var forTerm = ProductSet(count: count, full: false)
            for word in vocabulary where word.contains(term) {
                forTerm.insert(word.products)
            }
            if position == 0 {
                matches = forTerm
            } else {
                matches.formIntersection(forTerm)
            }
        }
        // One plain word cannot straddle a word boundary, so the index answer is exact;
        // anything else is checked against the text itself, on the candidates only.
        if !needle.isEmpty, terms.count != 1 || terms[0] != needle {
            matches.removeAll { !contains(generator.product(at: $0), needle) }
        }
        let page = matches.indexes(skipping: skip, limit: limit).map { generator.product(at: $0) }
        return (matches.count, page)
    }

    private func contains(_ product: CatalogueProduct, _ needle: String) -> Bool {
        product.title.lowercased().contains(needle) || product.description.lowercased().contains(needle)
    }

    /// Lowercased runs of letters and digits.
    private static func words(of text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}

/// A set of product indexes as a bitmap: unions and intersections over a million
/// products are a few thousand word operations, and members come out in order.
struct ProductSet {
    private var words: [UInt64]

    init(count: Int, full: Bool) {
        words = [UInt64](repeating: full ? .max : 0, count: (count + 63) / 64)
        if full, count % 64 != 0, !words.isEmpty {
            words[words.count - 1] = (1 << UInt64(count % 64)) - 1
        }
    }

    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    mutating func insert(_ indexes: [Int32]) {
        for index in indexes {
            words[Int(index) >> 6] |= 1 << UInt64(index & 63)
        }
    }

    mutating func formIntersection(_ other: ProductSet) {
        for position in words.indices {
            words[position] &= other.words[position]
        }
    }

    mutating func removeAll(where shouldRemove: (Int) -> Bool) {
        for position in words.indices where words[position] != 0 {
            var word = words[position]
            while word != 0 {
                let bit = word.trailingZeroBitCount
                word &= word - 1
                if shouldRemove(position << 6 | bit) {
                    words[position] &= ~(1 << UInt64(bit))
                }
            }
        }
    }

    /// Members in ascending order, after passing over the first `skip`.
    func indexes(skipping skip: Int, limit: Int) -> [Int] {
        var result: [Int] = []
        var toSkip = skip
        for position in words.indices where words[position] != 0 {
            let population = words[position].nonzeroBitCount
            if toSkip >= population {
                toSkip -= population
                continue
            }
            var word = words[position]
            while word != 0, result.count < limit {
                let bit = word.trailingZeroBitCount
                word &= word - 1
                if toSkip > 0 {
                    toSkip -= 1
                } else {
                    result.append(position << 6 | bit)
                }
            }
            if result.count == limit { break }
        }
        return result
    }
}
