import Domain

/// A working in-memory catalogue, for tests that want the repository to behave like
/// the store rather than answer one fixed page: a search matches its text in titles
/// and descriptions, ignoring case, in identifier order; pages are cut as the store cuts
/// them (skip `(page - 1) × size`); categories group products by their `category` and
/// are named as the store names them; an unknown id is `notFound`. It keeps
/// `ProductRepositoryContractTests`, which holds it and `RemoteProductRepository` to
/// one rule. It does less than the real one: no cache (every answer says it came from
/// the network, whatever the policy), no offline, and no session to need. The naming rule of the
/// test doubles: a Fake works like the real thing, a Stub gives fixed answers, a Spy
/// records the calls it gets.
public actor FakeProductRepository: ProductRepository {
    /// A mistake a hand-written catalogue makes, planted on purpose: the contract suite
    /// shows that each one fails the clauses that should catch it.
    public enum PlantedMistake: CaseIterable, Sendable {
        /// Skips `page × size`, as if pages counted from 0.
        case pagesFromZero
        /// Matches with case.
        case caseSensitive
        /// Looks at titles only.
        case titlesOnly
        /// Lists a search's matches newest first.
        case newestFirst
        /// Clamps a page past the end to the last full page, instead of answering empty.
        case clampsPastTheEnd
        /// Looks a product up by its position in the catalogue, not by its identifier.
        case lookupByPosition
        /// Lists the categories alphabetically, not in the order their first product comes.
        case categoriesAlphabetical
    }

    private let catalogue: [Product]
    private let mistake: PlantedMistake?

    /// - Parameters:
    ///   - products: in any order; answers list them by identifier, as the store does.
    ///   - mistake: none, unless a test shows the contract catching it.
    public init(products: [Product], planting mistake: PlantedMistake? = nil) {
        catalogue = products.sorted { $0.id.rawValue < $1.id.rawValue }
        self.mistake = mistake
    }

    public func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        let matches = catalogue.filter { isMatch($0, query.text) }
        let ordered = mistake == .newestFirst ? matches.reversed() : matches
        return Fetched(try page(of: ordered, page: query.paging.page, pageSize: query.paging.pageSize), from: .network)
    }

    public func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product> {
        if mistake == .lookupByPosition {
            guard catalogue.indices.contains(id.rawValue) else { throw .notFound }
            return Fetched(catalogue[id.rawValue], from: .network)
        }
        guard let product = catalogue.first(where: { $0.id == id }) else { throw .notFound }
        return Fetched(product, from: .network)
    }

    public func categories(policy: ReadPolicy) async throws(StoreError) -> Fetched<[Category]> {
        var seen: [String] = []
        for product in catalogue where !seen.contains(product.category) { seen.append(product.category) }
        if mistake == .categoriesAlphabetical { seen.sort() }
        var categories: [Category] = []
        for slug in seen {
            do {
                categories.append(Category(slug: try CategorySlug(slug), name: Self.name(ofCategory: slug)))
            } catch {
                throw .unusableResponse(Diagnostic("category \(slug): \(error)"))
            }
        }
        return Fetched(categories, from: .network)
    }

    public func products(in query: CategoryQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        let matches = catalogue.filter { $0.category == query.slug.rawValue }
        return Fetched(try page(of: matches, page: query.paging.page, pageSize: query.paging.pageSize), from: .network)
    }

    private func isMatch(_ product: Product, _ text: String) -> Bool {
        switch mistake {
        case .caseSensitive: product.title.contains(text) || product.description.contains(text)
        case .titlesOnly: product.title.lowercased().contains(text.lowercased())
        default: product.title.lowercased().contains(text.lowercased()) || product.description.lowercased().contains(text.lowercased())
        }
    }

    /// DummyJSON's name for a category, as the store gives it: the slug's words, each
    /// capitalised (`kitchen-accessories` is "Kitchen Accessories").
    private static func name(ofCategory slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    private func page(of matches: [Product], page: Int, pageSize: Int) throws(StoreError) -> ProductPage {
        var skip = (mistake == .pagesFromZero ? page : page - 1) * pageSize
        if mistake == .clampsPastTheEnd, skip >= matches.count { skip = max(0, matches.count - pageSize) }
        let shown = skip < matches.count ? Array(matches[skip..<min(matches.count, skip + pageSize)]) : []
        do {
            return try ProductPage(items: shown, total: matches.count, paging: Paging(page: page, pageSize: pageSize))
        } catch {
            throw .unusableResponse(Diagnostic("\(error)"))
        }
    }
}
