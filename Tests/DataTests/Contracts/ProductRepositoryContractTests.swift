import Data
import Domain
import TestSupport
import Testing

/// A product repository under the contract, and every product it holds: what the
/// clauses work out the right answers from, by the rule the contract states.
struct ProductSubject: Sendable {
    let repository: any ProductRepository
    /// In identifier order.
    let catalogue: [Product]
}

/// One way to run a clause against a repository. A repository of your own joins the
/// contract by being added to `all`.
struct ProductRepositoryKind: Sendable, CustomTestStringConvertible {
    let name: String
    let with: @Sendable (_ body: @Sendable (ProductSubject) async throws -> Void) async throws -> Void

    var testDescription: String { name }

    /// The fake over the twelve sample products.
    static let fake = ProductRepositoryKind(name: "FakeProductRepository") { body in
        let catalogue = try SampleCatalogue.products()
        try await body(ProductSubject(repository: FakeProductRepository(products: catalogue), catalogue: catalogue))
    }

    /// The real repository over a loopback `storefront-server` of 40 generated products,
    /// signed in (the store's catalogue needs a session), its catalogue read product by
    /// product first.
    static let remote = ProductRepositoryKind(name: "RemoteProductRepository") { body in
        try await RemoteStack.with(productCount: 40) { stack in
            _ = try await stack.accounts.logIn(Credentials(username: "emilys", password: "emilyspass"))
            var catalogue: [Product] = []
            for id in 1...40 {
                catalogue.append(try await stack.products.product(id: ProductID(id), policy: .revalidate).value)
            }
            try await body(ProductSubject(repository: stack.products, catalogue: catalogue))
        }
    }

    static let all: [ProductRepositoryKind] = [.fake, .remote]
}

/// What every `ProductRepository` must do, as DummyJSON does it (PROTOCOL.md):
/// - a search matches its text case-insensitively as a substring of the title or the
///   description, and lists the matches in identifier order;
/// - a page skips `(page - 1) × size` matches; the last page holds what is left; a page
///   past the end is empty and still says how many match; no match is an empty page;
/// - an unknown id is `notFound`;
/// - the categories are those of the products, in the order their first product comes,
///   each named by its slug's words, capitalised; a category lists its products as a
///   search does, and an unknown one is an empty page.
///
/// What a fake rightly does less: it has no cache and no network, so every answer says
/// it came from the network, whatever the `ReadPolicy`, and it cannot be offline. The
/// contract asks of every policy only that it gives the same products. Nor does it know
/// who is signed in: the store answers its catalogue to a session only (`notSignedIn`
/// otherwise), which is the session's seam, so the contract runs the remote one signed in.
enum ProductRepositoryContract {
    /// The rule, written once: what a search for `text` must list.
    static func matches(_ text: String, in catalogue: [Product]) -> [Product] {
        let needle = text.lowercased()
        return catalogue.filter { $0.title.lowercased().contains(needle) || $0.description.lowercased().contains(needle) }
    }

    /// Texts worth searching for in `catalogue`: a title's first word shouted, a piece of
    /// a description across a word break, a common letter, and something nothing holds.
    static func needles(in catalogue: [Product]) -> [String] {
        let title = catalogue[0].title.split(separator: " ").first.map(String.init) ?? "a"
        let description = Array(catalogue[0].description)
        let across = String(description[min(2, description.count - 1)..<min(9, description.count)])
        return [title.uppercased(), across, "a", "zzqx no such thing"]
    }

    static let clauses: [ContractClause<ProductRepositoryKind>] = [
        ContractClause("a search lists every match, case-insensitive, in title or description, in id order") { kind in
            try await kind.with { subject in
                for needle in needles(in: subject.catalogue) {
                    let expected = matches(needle, in: subject.catalogue)
                    let page = try await subject.repository.search(SearchQuery(text: needle, pageSize: 100)).value
                    #expect(page.products.map(\.id) == expected.map(\.id), "\(needle)")
                    #expect(page.total == expected.count, "\(needle)")
                }
            }
        },
        ContractClause("pages skip (page − 1) × size; the last holds the rest; one past the end is empty with the total") { kind in
            try await kind.with { subject in
                let expected = matches("a", in: subject.catalogue)
                let size = 3
                let pages = (expected.count + size - 1) / size
                var seen: [ProductID] = []
                for number in 1...(pages + 1) {
                    let page = try await subject.repository.search(SearchQuery(text: "a", page: number, pageSize: size)).value
                    #expect(page.total == expected.count)
                    #expect(page.page == number && page.pageSize == size)
                    let wanted = number <= pages ? min(size, expected.count - (number - 1) * size) : 0
                    #expect(page.products.count == wanted, "page \(number)")
                    seen += page.products.map(\.id)
                }
                #expect(seen == expected.map(\.id))
            }
        },
        ContractClause("no match is an empty first page with a total of 0") { kind in
            try await kind.with { subject in
                let page = try await subject.repository.search(SearchQuery(text: "zzqx no such thing")).value
                #expect(page.products.isEmpty && page.total == 0)
            }
        },
        ContractClause("a product by id is that product; an unknown id is notFound") { kind in
            try await kind.with { subject in
                let known = subject.catalogue[subject.catalogue.count / 2]
                #expect(try await subject.repository.product(id: known.id).value == known)
                let unknown = try ProductID((subject.catalogue.map(\.id.rawValue).max() ?? 0) + 1)
                await #expect(throws: StoreError.notFound) { _ = try await subject.repository.product(id: unknown) }
            }
        },
        ContractClause("the categories are the products', in first-product order, named by their slug's words") { kind in
            try await kind.with { subject in
                var slugs: [String] = []
                for product in subject.catalogue where !slugs.contains(product.category) { slugs.append(product.category) }
                let categories = try await subject.repository.categories(policy: .standard).value
                #expect(categories.map(\.slug.rawValue) == slugs)
                #expect(categories.map(\.name) == slugs.map(categoryName))
            }
        },
        ContractClause("a category pages its products in id order; an unknown category is an empty page") { kind in
            try await kind.with { subject in
                let slug = subject.catalogue[0].category
                let expected = subject.catalogue.filter { $0.category == slug }
                let first = try await subject.repository.products(in: CategoryQuery(slug: slug, page: 1, pageSize: 2), policy: .standard).value
                #expect(first.total == expected.count)
                #expect(first.products.map(\.id) == expected.prefix(2).map(\.id))
                let unknown = try await subject.repository.products(in: CategoryQuery(slug: "no-such-category"), policy: .standard).value
                #expect(unknown.products.isEmpty && unknown.total == 0)
            }
        },
        ContractClause("every read policy gives the same products once a page has been read") { kind in
            try await kind.with { subject in
                let query = try SearchQuery(text: "a", page: 2, pageSize: 4)
                let standard = try await subject.repository.search(query, policy: .standard).value
                #expect(try await subject.repository.search(query, policy: .cacheOnly).value == standard)
                #expect(try await subject.repository.search(query, policy: .revalidate).value == standard)
                let id = subject.catalogue[0].id
                let product = try await subject.repository.product(id: id, policy: .standard).value
                #expect(try await subject.repository.product(id: id, policy: .cacheOnly).value == product)
            }
        },
    ]

    /// DummyJSON's name for a category: its slug's words, each capitalised.
    static func categoryName(_ slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}

@Suite("The ProductRepository contract: the fake and the remote repository over storefront-server", .timeLimit(.minutes(2)))
struct ProductRepositoryContractTests {
    @Test("every repository keeps each clause", arguments: ProductRepositoryKind.all, ProductRepositoryContract.clauses)
    func keeps(repository: ProductRepositoryKind, clause: ContractClause<ProductRepositoryKind>) async throws {
        try await clause.check(repository)
    }

    @Test("a divergence planted in the fake breaks the contract", arguments: PlantedProductDivergence.allCases)
    func plantedDivergence(_ divergence: PlantedProductDivergence) async throws {
        let kind = ProductRepositoryKind(name: "planted") { body in
            let catalogue = try SampleCatalogue.products()
            try await body(ProductSubject(repository: divergence.repository(over: catalogue), catalogue: catalogue))
        }
        await withKnownIssue("\(divergence)") {
            try await ProductRepositoryContract.clauses.checkAll(against: kind)
        }
    }
}

/// The mistakes a hand-written catalogue makes, each planted in the fake's place.
enum PlantedProductDivergence: CaseIterable, Sendable {
    /// Skips `page × size`, as if pages counted from 0.
    case pagesFromZero
    /// Matches with case.
    case caseSensitive
    /// Looks at titles only.
    case titlesOnly
    /// Lists the matches newest first.
    case newestFirst

    func repository(over catalogue: [Product]) -> any ProductRepository {
        switch self {
        case .pagesFromZero: PlantedProducts(catalogue: catalogue, skipPages: 0) { $0.title.lowercased().contains($1.lowercased()) || $0.description.lowercased().contains($1.lowercased()) }
        case .caseSensitive: PlantedProducts(catalogue: catalogue) { $0.title.contains($1) || $0.description.contains($1) }
        case .titlesOnly: PlantedProducts(catalogue: catalogue) { $0.title.lowercased().contains($1.lowercased()) }
        case .newestFirst: PlantedProducts(catalogue: catalogue.reversed()) { $0.title.lowercased().contains($1.lowercased()) || $0.description.lowercased().contains($1.lowercased()) }
        }
    }
}

/// A catalogue written the way the planted mistakes need: its own matching, its own paging.
private struct PlantedProducts: ProductRepository {
    let catalogue: [Product]
    var skipPages = 1
    let matches: @Sendable (Product, String) -> Bool

    init(catalogue: [Product], skipPages: Int = 1, matches: @escaping @Sendable (Product, String) -> Bool) {
        self.catalogue = catalogue
        self.skipPages = skipPages
        self.matches = matches
    }

    func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        let found = catalogue.filter { matches($0, query.text) }
        let skip = (query.paging.page - skipPages) * query.paging.pageSize
        let shown = skip < found.count ? Array(found[skip..<min(found.count, skip + query.paging.pageSize)]) : []
        do {
            return Fetched(try ProductPage(products: shown, total: found.count, page: query.paging.page, pageSize: query.paging.pageSize), from: .network)
        } catch {
            throw .unusableResponse(detail: "\(error)")
        }
    }

    func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product> {
        try await FakeProductRepository(products: catalogue).product(id: id, policy: policy)
    }

    func categories(policy: ReadPolicy) async throws(StoreError) -> Fetched<[Category]> {
        try await FakeProductRepository(products: catalogue).categories(policy: policy)
    }

    func products(in query: CategoryQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        try await FakeProductRepository(products: catalogue).products(in: query, policy: policy)
    }
}
