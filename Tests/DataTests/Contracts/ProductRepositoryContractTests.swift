import Data
import Domain
import TestSupport
import Testing

/// A product repository under the contract, and the answers it must give, written out.
struct ProductSubject: Sendable {
    let repository: any ProductRepository
    let answers: CatalogueAnswers
}

/// What a catalogue must answer, as literal tables: the oracle the clauses hold a
/// repository to. Each table is written for one catalogue (read off its products by
/// hand, or recorded from `storefront-server`), never worked out by code like the
/// implementations', so a rule both get wrong the same way still fails.
struct CatalogueAnswers: Sendable {
    /// A text, and every product a search for it lists (page 1, size 100), in order.
    let searches: [(text: String, ids: [Int])]
    /// A text, a page size, and the identifiers on pages 1, 2, …, and the empty page past the end.
    let paging: (text: String, size: Int, pages: [[Int]])
    /// A product the catalogue holds, and an identifier it does not.
    let known: (id: Int, title: String, category: String)
    let unknownID: Int
    /// The categories in the store's order, each with its name.
    let categories: [(slug: String, name: String)]
    /// A category, a page of it, and what that page lists of how many.
    let categoryPage: (slug: String, page: Int, size: Int, ids: [Int], total: Int)
}

extension CatalogueAnswers {
    /// `SampleCatalogue`'s twelve products, read off its rows.
    static let sample = CatalogueAnswers(
        searches: [
            ("PHONE", [1, 2, 3, 4, 12]), // three titles, two descriptions ("smartphone", "Google's own phone")
            ("ne with", [1]), // across a word break, in a description only
            ("MUG", [9, 10, 11, 12]),
            ("zzqx no such thing", []),
        ],
        paging: ("mug", 3, [[9, 10, 11], [12], []]),
        known: (7, "ZenBook 14", "laptops"),
        unknownID: 13,
        categories: [("smartphones", "Smartphones"), ("laptops", "Laptops"), ("kitchen-accessories", "Kitchen Accessories")],
        categoryPage: ("kitchen-accessories", 2, 3, [12], 4)
    )

    /// `storefront-server --products 24`, recorded from its answers (the generator's
    /// seed is fixed, so the catalogue is the same on every machine).
    static let generated24 = CatalogueAnswers(
        searches: [
            ("PHONE", [1, 13]), // "Note Phone" in a title, "smartphone" in both descriptions
            ("ght l", [2, 14]), // "A light laptop": across a word break
            ("WALL CLOCK", [12]),
            ("zzqx no such thing", []),
        ],
        paging: ("es", 4, [[3, 5, 6, 10], [11, 15, 17, 18], [22, 23], []]),
        known: (13, "Apple iPhone Max", "smartphones"),
        unknownID: 25,
        categories: [
            ("smartphones", "Smartphones"), ("laptops", "Laptops"), ("mobile-accessories", "Mobile Accessories"),
            ("tablets", "Tablets"), ("groceries", "Groceries"), ("beauty", "Beauty"), ("furniture", "Furniture"),
            ("kitchen-accessories", "Kitchen Accessories"), ("sports-accessories", "Sports Accessories"),
            ("womens-watches", "Womens Watches"), ("sunglasses", "Sunglasses"), ("home-decoration", "Home Decoration"),
        ],
        categoryPage: ("smartphones", 2, 1, [13], 2)
    )
}

/// One way to run a clause against a repository. A repository of your own joins the
/// contract by being added to `all`, with the answers its catalogue must give.
struct ProductRepositoryKind: Sendable, CustomTestStringConvertible {
    let name: String
    let with: @Sendable (_ body: @Sendable (ProductSubject) async throws -> Void) async throws -> Void

    var testDescription: String { name }

    /// The fake over the twelve sample products, with a mistake planted or none.
    static func fake(planting mistake: FakeProductRepository.PlantedMistake? = nil) -> ProductRepositoryKind {
        ProductRepositoryKind(name: mistake.map { "FakeProductRepository planting \($0)" } ?? "FakeProductRepository") { body in
            let repository = FakeProductRepository(products: try SampleCatalogue.products(), planting: mistake)
            try await body(ProductSubject(repository: repository, answers: .sample))
        }
    }

    /// The real repository over a loopback `storefront-server` of 24 generated products,
    /// signed in (the store's catalogue needs a session).
    static let remote = ProductRepositoryKind(name: "RemoteProductRepository") { body in
        try await RemoteStack.with(productCount: 24) { stack in
            _ = try await stack.accounts.logIn(Credentials(username: "emilys", password: "emilyspass"))
            try await body(ProductSubject(repository: stack.products, answers: .generated24))
        }
    }

    static let all: [ProductRepositoryKind] = [.fake(), .remote]
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
    static let search = ContractClause<ProductRepositoryKind>("a search lists every match, case-insensitive, in title or description, in id order") { kind in
        try await kind.with { subject in
            for (text, ids) in subject.answers.searches {
                let page = try await subject.repository.search(SearchQuery(text: text, pageSize: 100), policy: .standard).value
                #expect(page.products.map(\.id.rawValue) == ids, "\(text)")
                #expect(page.total == ids.count, "\(text)")
            }
        }
    }

    static let paging = ContractClause<ProductRepositoryKind>("pages skip (page − 1) × size; the last holds the rest; one past the end is empty with the total") { kind in
        try await kind.with { subject in
            let (text, size, pages) = subject.answers.paging
            let total = pages.joined().count
            for (index, ids) in pages.enumerated() {
                let page = try await subject.repository.search(SearchQuery(text: text, page: index + 1, pageSize: size), policy: .standard).value
                #expect(page.products.map(\.id.rawValue) == ids, "page \(index + 1)")
                #expect(page.total == total && page.page == index + 1 && page.pageSize == size, "page \(index + 1)")
            }
        }
    }

    static let noMatch = ContractClause<ProductRepositoryKind>("no match is an empty first page with a total of 0") { kind in
        try await kind.with { subject in
            let page = try await subject.repository.search(SearchQuery(text: "zzqx no such thing"), policy: .standard).value
            #expect(page.products.isEmpty && page.total == 0)
        }
    }

    static let byID = ContractClause<ProductRepositoryKind>("a product by id is that product; an unknown id is notFound") { kind in
        try await kind.with { subject in
            let known = subject.answers.known
            let product = try await subject.repository.product(id: ProductID(known.id), policy: .standard).value
            #expect(product.id.rawValue == known.id && product.title == known.title && product.category == known.category)
            await #expect(throws: StoreError.notFound) { _ = try await subject.repository.product(id: ProductID(subject.answers.unknownID), policy: .standard) }
        }
    }

    static let categories = ContractClause<ProductRepositoryKind>("the categories are the products', in first-product order, named by their slug's words") { kind in
        try await kind.with { subject in
            let categories = try await subject.repository.categories(policy: .standard).value
            #expect(categories.map(\.slug.rawValue) == subject.answers.categories.map(\.slug))
            #expect(categories.map(\.name) == subject.answers.categories.map(\.name))
        }
    }

    static let categoryPage = ContractClause<ProductRepositoryKind>("a category pages its products in id order; an unknown category is an empty page") { kind in
        try await kind.with { subject in
            let wanted = subject.answers.categoryPage
            let query = try CategoryQuery(slug: wanted.slug, page: wanted.page, pageSize: wanted.size)
            let page = try await subject.repository.products(in: query, policy: .standard).value
            #expect(page.products.map(\.id.rawValue) == wanted.ids)
            #expect(page.total == wanted.total)
            let unknown = try await subject.repository.products(in: CategoryQuery(slug: "no-such-category"), policy: .standard).value
            #expect(unknown.products.isEmpty && unknown.total == 0)
        }
    }

    static let policies = ContractClause<ProductRepositoryKind>("every read policy gives the same products once a page has been read") { kind in
        try await kind.with { subject in
            let query = try SearchQuery(text: subject.answers.paging.text, page: 2, pageSize: 2)
            let standard = try await subject.repository.search(query, policy: .standard).value
            #expect(try await subject.repository.search(query, policy: .cacheOnly).value == standard)
            #expect(try await subject.repository.search(query, policy: .revalidate).value == standard)
            let id = try ProductID(subject.answers.known.id)
            let product = try await subject.repository.product(id: id, policy: .standard).value
            #expect(try await subject.repository.product(id: id, policy: .cacheOnly).value == product)
        }
    }

    static let clauses = [search, paging, noMatch, byID, categories, categoryPage, policies]

    /// The clauses each planted mistake must fail, and no others.
    static func catching(_ mistake: FakeProductRepository.PlantedMistake) -> [ContractClause<ProductRepositoryKind>] {
        switch mistake {
        case .pagesFromZero: [search, paging, categoryPage]
        case .caseSensitive: [search]
        case .titlesOnly: [search]
        case .newestFirst: [search, paging]
        case .clampsPastTheEnd: [paging]
        case .lookupByPosition: [byID]
        case .categoriesAlphabetical: [categories]
        }
    }
}

@Suite("The ProductRepository contract: the fake and the remote repository over storefront-server", .timeLimit(.minutes(2)))
struct ProductRepositoryContractTests {
    @Test("every repository keeps each clause", arguments: ContractCase.all(ProductRepositoryKind.all, ProductRepositoryContract.clauses))
    func keeps(_ row: ContractCase<ProductRepositoryKind>) async throws {
        try await row.clause.check(row.subject)
    }

    @Test("a mistake planted in the fake fails exactly the clauses that should catch it", arguments: FakeProductRepository.PlantedMistake.allCases)
    func planted(_ mistake: FakeProductRepository.PlantedMistake) async {
        let failing = await ProductRepositoryContract.clauses.failing(for: ProductRepositoryKind.fake(planting: mistake))
        #expect(failing == ProductRepositoryContract.catching(mistake).map(\.promise))
    }
}
