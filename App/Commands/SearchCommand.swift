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

    @Option(name: .long, help: "Results per page, 1 to 100.")
    var limit: Int = SearchQuery.defaultPageSize

    @Option(name: .long, help: "Which page, from 1.")
    var page: Int = 1

    @OptionGroup var reading: ReadOptions
    @OptionGroup var options: GlobalOptions

    /// The domain's own rules, checked here too so a bad value exits 64 before any
    /// session, cache or network is touched.
    func validate() throws {
        do {
            _ = try SearchQuery(text: query, page: page, pageSize: limit)
        } catch {
            throw ValidationError("The \(error.field) \(error.reason).")
        }
    }

    func run() async throws {
        try await ClientCommandRunner.run(options) { root in
            await root.makeSearchPresenter().search(query, page: page, pageSize: limit, policy: reading.policy)
        }
    }
}
