import ArgumentParser
import Domain

/// `storefront search QUERY`: one page of matching products as a table.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the products (from the cache, saying how old, while fresh or when the backend is away)."
    )

    @Argument(help: "What to look for in titles and descriptions.")
    var query: String

    @OptionGroup var paging: PagingOptions
    @OptionGroup var reading: ReadOptions
    @OptionGroup var options: GlobalOptions

    /// The domain's query from the options: `validate()` makes it, so a bad value exits
    /// 64 before any session, cache or network is touched, and `run()` makes it again
    /// to search with. The rules are `SearchQuery`'s, written nowhere else.
    private var searchQuery: SearchQuery {
        get throws(ValidationError) {
            try usage { () throws(InvalidInput) in try SearchQuery(text: query, page: paging.page, pageSize: paging.limit) }
        }
    }

    func validate() throws {
        _ = try searchQuery
    }

    func run() async throws {
        let searchQuery = try searchQuery
        try await CommandLifecycle.run(options) { root in
            await root.makeSearchPresenter().search(searchQuery, policy: reading.policy).exitStatus
        }
    }
}
