import Domain

/// Runs a search and renders it: the table, the `Showing 11–20 of 23 results for
/// "phone"` line, and, for a cached answer, how old it is.
public struct SearchPresenter {
    private let searchProducts: SearchProducts
    private let console: Console

    /// Products as every paged list shows them; `results` as a search calls them.
    static let list = PagedList(table: ProductTable.table, noun: CountedNoun(one: "result", many: "results"), itemsKey: "products", entry: ProductDocument.init)

    public init(searchProducts: SearchProducts, console: Console) {
        self.searchProducts = searchProducts
        self.console = console
    }

    /// Searches and renders the answer; returns what it showed. The query is
    /// already valid (and its text trimmed): the command line built it from its options.
    @discardableResult
    public func search(_ query: SearchQuery, policy: ReadPolicy = .standard) async -> Result<Fetched<ProductPage>, StoreError> {
        let subject = PagedList<Product, ProductDocument>.Subject(phrase: "for \"\(query.text)\"", field: ("query", query.text))
        return await Self.list.show(subject, activity: "Searching", on: console) { () async throws(StoreError) in
            try await searchProducts(query, policy: policy)
        }
    }
}
