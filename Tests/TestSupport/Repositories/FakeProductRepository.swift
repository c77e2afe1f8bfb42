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
    private let catalogue: [Product]

    /// - Parameter products: in any order; answers list them by identifier, as the store does.
    public init(products: [Product]) {
        catalogue = products.sorted { $0.id.rawValue < $1.id.rawValue }
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
                categories.append(Category(slug: try CategorySlug(slug), name: Self.name(ofCategory: slug)))
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

    /// DummyJSON's name for a category, as the store gives it: the slug's words, each
    /// capitalised (`kitchen-accessories` is "Kitchen Accessories").
    private static func name(ofCategory slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
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
