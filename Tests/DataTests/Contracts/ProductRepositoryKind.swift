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
struct ProductRepositoryKind: ContractImplementation {
    let name: String
    let with: @Sendable (_ body: @Sendable (ProductSubject) async throws -> Void) async throws -> Void

    /// The fake over the twelve sample products, with a mistake planted or none. It does
    /// less than the remote repository: no cache (every answer says `network`, whatever
    /// the policy), no offline, no session to need.
    static func fake(planting mistake: FakeProductRepository.PlantedMistake? = nil) -> ProductRepositoryKind {
        ProductRepositoryKind(
            name: mistake.map { "FakeProductRepository planting \($0)" } ?? "FakeProductRepository"
        ) { body in
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
