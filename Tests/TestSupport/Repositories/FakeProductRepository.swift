import Domain

/// A working in-memory catalogue, for tests that want the repository to behave like
/// the store rather than answer one fixed page: a search matches its text in titles
/// and descriptions, ignoring case; pages are cut as the store cuts them (skip
/// `(page - 1) × size`); categories group products by their `category`; an unknown id
/// is `notFound`. Every answer says it came from the network. The naming rule of the
/// test doubles: a Fake works like the real thing, a Stub gives fixed answers, a Spy
/// records the calls it gets.
public actor FakeProductRepository: ProductRepository {
    private let catalogue: [Product]

    public init(products: [Product]) {
        catalogue = products
    }

    public func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        let needle = query.text.lowercased()
        let matches = catalogue.filter { $0.title.lowercased().contains(needle) || $0.description.lowercased().contains(needle) }
        return Fetched(try Self.page(of: matches, page: query.paging.page, pageSize: query.paging.pageSize), from: .network)
    }

    public func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product> {
        guard let product = catalogue.first(where: { $0.id == id }) else { throw .notFound }
        return Fetched(product, from: .network)
    }

    public func categories(policy: ReadPolicy) async throws(StoreError) -> Fetched<[Category]> {
        var seen: [String] = []
        for product in catalogue where !seen.contains(product.category) { seen.append(product.category) }
        var categories: [Category] = []
        for slug in seen {
            do {
                categories.append(Category(slug: try CategorySlug(slug), name: slug))
            } catch {
                throw .unusableResponse(detail: "category \(slug): \(error)")
            }
        }
        return Fetched(categories, from: .network)
    }

    public func products(in query: CategoryQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        let matches = catalogue.filter { $0.category == query.slug.rawValue }
        return Fetched(try Self.page(of: matches, page: query.paging.page, pageSize: query.paging.pageSize), from: .network)
    }

    private static func page(of matches: [Product], page: Int, pageSize: Int) throws(StoreError) -> ProductPage {
        let skip = (page - 1) * pageSize
        let shown = skip < matches.count ? Array(matches[skip..<min(matches.count, skip + pageSize)]) : []
        do {
            return try ProductPage(products: shown, total: matches.count, page: page, pageSize: pageSize)
        } catch {
            throw .unusableResponse(detail: "\(error)")
        }
    }
}
