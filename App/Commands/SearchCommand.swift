import AppShared
import ArgumentParser
import Domain

/// `storefront search QUERY`: one page of matching products as a table.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the products (from the cache, saying how old, while fresh or when the backend is away).",
        discussion: help.discussion
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: #"`--limit N` (1 to 100, default 10), `--page N` (from 1, default 1). A table of id, title, brand, price, rating and stock, then `Showing A–B of TOTAL results for "QUERY"`."#,
        json: #"`{"query", "total", "skip", "limit", "source", "cachedAt", "products": [{"id", "title", "brand", "category", "price", "rating", "stock"}]}`"#,
        examples: [
            CommandHelp.Example("storefront search phone --limit 5 --page 2", "--json, --verbose, --offline, --refresh on every read"),
            CommandHelp.Example("storefront search phone --json --verbose", "one JSON document; one line per exchange on stderr"),
            CommandHelp.Example("storefront search phone --verbose", #"again within 30 s: "not sent, cache hit, fresh for 27 s more""#),
            CommandHelp.Example("storefront search phone --refresh --verbose", #"asks anyway, with If-None-Match: "304 … cache hit, revalidated""#),
            CommandHelp.Example("storefront search phone --offline", "the cache alone, however old; nothing cached exits 69"),
        ]
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
