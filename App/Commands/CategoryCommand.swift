import ArgumentParser
import Domain

/// `storefront category SLUG`: one page of a category's products, like `search`.
struct CategoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category",
        abstract: "Show the products of one category (slugs from `storefront categories`)."
    )

    @Argument(help: "The category's slug, e.g. smartphones.")
    var slug: String

    @OptionGroup var paging: PagingOptions
    @OptionGroup var reading: ReadOptions
    @OptionGroup var options: GlobalOptions

    /// The domain's rules, checked here too, so a bad value exits 64 before anything is touched.
    func validate() throws {
        do {
            _ = try CategoryQuery(slug: slug, page: paging.page, pageSize: paging.limit)
        } catch {
            throw ValidationError(error.sentence)
        }
    }

    func run() async throws {
        try await CommandLifecycle.run(options) { root in
            await root.makeCategoryPresenter().show(slug, page: paging.page, pageSize: paging.limit, policy: reading.policy).exitStatus
        }
    }
}
