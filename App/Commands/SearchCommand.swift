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

    /// The domain's own rules, applied here, so a bad value exits 64 before any session,
    /// cache or network is touched; the query they make is what the search uses.
    func validate() throws {
        _ = try searchQuery()
    }

    func run() async throws {
        let searchQuery = try searchQuery()
        try await CompositionRoot.run(options) { root in
            await root.makeSearchPresenter().search(searchQuery, policy: reading.policy)
        }
    }

    private func searchQuery() throws -> SearchQuery {
        do {
            return try SearchQuery(text: query, page: paging.page, pageSize: paging.limit)
        } catch {
            throw ValidationError("The \(error.field) \(error.reason).")
        }
    }
}
