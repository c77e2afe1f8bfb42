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

    /// The domain's query, made once by `validate()` and used by `run()`: not an
    /// argument, so it is left out of the coding keys the parser decodes.
    private var searchQuery: SearchQuery?

    private enum CodingKeys: String, CodingKey {
        case query, paging, reading, options
    }

    /// The domain's own rules, applied here, so a bad value exits 64 before any session,
    /// cache or network is touched; the query they make is what the search uses.
    mutating func validate() throws {
        do {
            searchQuery = try SearchQuery(text: query, page: paging.page, pageSize: paging.limit)
        } catch {
            throw ValidationError(error.sentence)
        }
    }

    func run() async throws {
        // The parser always validates before it runs a command.
        guard let searchQuery else { throw ValidationError("The search was not validated.") }
        try await CommandLifecycle.run(options) { root in
            await root.makeSearchPresenter().search(searchQuery, policy: reading.policy).exitStatus
        }
    }
}
