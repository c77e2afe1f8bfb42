import Domain

/// One page of a category's products, rendered as `storefront search` renders a page:
/// the table and `Showing 1–10 of 25 products in "laptops"`.
public struct CategoryPresenter {
    private let browseCategory: BrowseCategory
    private let console: Console

    /// Products as every paged list shows them.
    static let list = PagedList(table: ProductTable.table, noun: CountedNoun(one: "product", many: "products"), itemsKey: "products", entry: ProductDocument.init)

    public init(browseCategory: BrowseCategory, console: Console) {
        self.browseCategory = browseCategory
        self.console = console
    }

    /// Shows one page of `query`'s category; returns what it showed.
    @discardableResult
    public func show(_ query: CategoryQuery, policy: ReadPolicy = .standard) async -> Result<Fetched<ProductPage>, StoreError> {
        // Named back as the store spells it: the slug as `CategorySlug` made it.
        let slug = query.slug.rawValue
        let subject = PagedList<Product, ProductDocument>.Subject(phrase: "in \"\(slug)\"", field: ("category", slug))
        return await Self.list.show(subject, activity: "Loading \"\(slug)\"", on: console) { () async throws(StoreError) in
            try await browseCategory(query, policy: policy)
        }
    }
}
