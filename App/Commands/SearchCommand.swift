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

    /// The domain's own rules, checked here too so a bad value exits 64 before any
    /// session, cache or network is touched.
    func validate() throws {
        do {
            _ = try SearchQuery(text: query, page: paging.page, pageSize: paging.limit)
        } catch {
            throw ValidationError("The \(error.field) \(error.reason).")
        }
    }

    func run() async throws {
        try await CompositionRoot.run(options) { root in
            await root.makeSearchPresenter().search(query, page: paging.page, pageSize: paging.limit, policy: reading.policy)
        }
    }
}
