import Domain
import TestSupport
import Testing

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
///
/// Each clause is what it sees of a repository (`seen(in:)`) beside what the literal
/// answers say it must see (`expected(for:)`).
enum ProductRepositoryContract: ContractClause {
    case search
    case paging
    case noMatch
    case byID
    case categories
    case categoryPage
    case policies

    var testDescription: String {
        switch self {
        case .search: "a search lists every match, case-insensitive, in title or description, in id order"
        case .paging: "pages skip (page − 1) × size; the last holds the rest; one past the end is empty with the total"
        case .noMatch: "no match is an empty first page with a total of 0"
        case .byID: "a product by id is that product; an unknown id is notFound"
        case .categories: "the categories are the products', in first-product order, named by their slug's words"
        case .categoryPage: "a category pages its products in id order; an unknown category is an empty page"
        case .policies: "every read policy gives the same products once a page has been read"
        }
    }

    /// How one read ended, as a clause records it.
    enum Outcome: Equatable, Sendable {
        case page(ids: [Int], total: Int, page: Int, size: Int)
        case product(id: Int, title: String, category: String)
        case categories(slugs: [String], names: [String])
        /// The very value an earlier read of the clause gave.
        case readBefore
        case failed(StoreError)
    }

    static let noSuchText = "zzqx no such thing"

    /// What reading `repository` shows of this promise.
    func seen(in subject: ProductSubject) async throws -> [Outcome] {
        let (repository, answers) = (subject.repository, subject.answers)
        switch self {
        case .search:
            return await answers.searches.asyncMap { text, _ in
                await Self.outcome(Self.shownPage) { () async throws(StoreError) in try await repository.search(Self.query(text, pageSize: 100), policy: .standard) }
            }
        case .paging:
            let (text, size, pages) = answers.paging
            return await pages.indices.asyncMap { index in
                await Self.outcome(Self.shownPage) { () async throws(StoreError) in try await repository.search(Self.query(text, page: index + 1, pageSize: size), policy: .standard) }
            }
        case .noMatch:
            return [await Self.outcome(Self.shownPage) { () async throws(StoreError) in try await repository.search(Self.query(Self.noSuchText), policy: .standard) }]
        case .byID:
            return [
                await Self.outcome(Self.shownProduct) { () async throws(StoreError) in try await repository.product(id: Self.id(answers.known.id), policy: .standard) },
                await Self.outcome(Self.shownProduct) { () async throws(StoreError) in try await repository.product(id: Self.id(answers.unknownID), policy: .standard) },
            ]
        case .categories:
            return [await Self.outcome(Self.shownCategories) { () async throws(StoreError) in try await repository.categories(policy: .standard) }]
        case .categoryPage:
            let wanted = answers.categoryPage
            let query = try CategoryQuery(slug: wanted.slug, page: wanted.page, pageSize: wanted.size)
            let unknown = try CategoryQuery(slug: "no-such-category")
            return [
                await Self.outcome(Self.shownPage) { () async throws(StoreError) in try await repository.products(in: query, policy: .standard) },
                await Self.outcome(Self.shownPage) { () async throws(StoreError) in try await repository.products(in: unknown, policy: .standard) },
            ]
        case .policies:
            let query = try SearchQuery(text: answers.paging.text, page: 2, pageSize: 2)
            let page = try await repository.search(query, policy: .standard).value
            let id = try ProductID(answers.known.id)
            let product = try await repository.product(id: id, policy: .standard).value
            return [
                await Self.outcome(Self.shownPage, readBefore: page) { () async throws(StoreError) in try await repository.search(query, policy: .cacheOnly) },
                await Self.outcome(Self.shownPage, readBefore: page) { () async throws(StoreError) in try await repository.search(query, policy: .revalidate) },
                await Self.outcome(Self.shownProduct, readBefore: product) { () async throws(StoreError) in try await repository.product(id: id, policy: .cacheOnly) },
            ]
        }
    }

    /// What this promise says a repository over its catalogue must show, by its answers.
    func expected(for subject: ProductSubject) -> [Outcome] {
        let answers = subject.answers
        return switch self {
        case .search:
            answers.searches.map { .page(ids: $0.ids, total: $0.ids.count, page: 1, size: 100) }
        case .paging:
            answers.paging.pages.enumerated().map { index, ids in
                .page(ids: ids, total: answers.paging.pages.joined().count, page: index + 1, size: answers.paging.size)
            }
        case .noMatch:
            [.page(ids: [], total: 0, page: 1, size: Paging.defaultPageSize)]
        case .byID:
            [.product(id: answers.known.id, title: answers.known.title, category: answers.known.category), .failed(.notFound)]
        case .categories:
            [.categories(slugs: answers.categories.map(\.slug), names: answers.categories.map(\.name))]
        case .categoryPage:
            [
                .page(ids: answers.categoryPage.ids, total: answers.categoryPage.total, page: answers.categoryPage.page, size: answers.categoryPage.size),
                .page(ids: [], total: 0, page: 1, size: Paging.defaultPageSize),
            ]
        case .policies:
            [.readBefore, .readBefore, .readBefore]
        }
    }

    /// How a read ends: what it gave, as `shown` records it (or that it gave
    /// `readBefore`), or how it failed.
    private static func outcome<Value: Equatable>(
        _ shown: (Value) -> Outcome,
        readBefore: Value? = nil,
        _ read: () async throws(StoreError) -> Fetched<Value>
    ) async -> Outcome {
        do {
            let value = try await read().value
            return value == readBefore ? .readBefore : shown(value)
        } catch {
            return .failed(error)
        }
    }

    private static func shownPage(_ page: ProductPage) -> Outcome {
        .page(ids: page.products.map(\.id.rawValue), total: page.total, page: page.page, size: page.pageSize)
    }

    private static func shownProduct(_ product: Product) -> Outcome {
        .product(id: product.id.rawValue, title: product.title, category: product.category)
    }

    private static func shownCategories(_ list: [Domain.Category]) -> Outcome {
        .categories(slugs: list.map(\.slug.rawValue), names: list.map(\.name))
    }

    private static func query(_ text: String, page: Int = 1, pageSize: Int = Paging.defaultPageSize) throws(StoreError) -> SearchQuery {
        do { return try SearchQuery(text: text, page: page, pageSize: pageSize) } catch { throw .invalidInput(error) }
    }

    private static func id(_ raw: Int) throws(StoreError) -> ProductID {
        do { return try ProductID(raw) } catch { throw .invalidInput(error) }
    }
}

@Suite("The ProductRepository contract: the fake and the remote repository over storefront-server", .timeLimit(.minutes(2)))
struct ProductRepositoryContractTests {
    @Test("every repository keeps each clause", arguments: ProductRepositoryKind.all, ProductRepositoryContract.allCases)
    func keeps(kind: ProductRepositoryKind, clause: ProductRepositoryContract) async throws {
        try await kind.with { try await clause.expectKept(by: $0) }
    }

    @Test("a mistake planted in the fake is seen by exactly the clauses that name it", arguments: FakeProductRepository.PlantedMistake.allCases)
    func planted(mistake: FakeProductRepository.PlantedMistake) async throws {
        let catching: [ProductRepositoryContract] = switch mistake {
        case .pagesFromZero: [.search, .paging, .categoryPage]
        case .caseSensitive: [.search]
        case .titlesOnly: [.search]
        case .newestFirst: [.search, .paging]
        case .clampsPastTheEnd: [.paging]
        case .lookupByPosition: [.byID]
        case .categoriesAlphabetical: [.categories]
        }
        #expect(try await ProductRepositoryContract.broken(making: ProductRepositoryKind.fake(planting: mistake).with) == catching)
    }
}
