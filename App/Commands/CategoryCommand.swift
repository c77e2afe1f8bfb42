import AppShared
import ArgumentParser
import Domain

/// `storefront category SLUG`: one page of a category's products, like `search`.
struct CategoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category",
        abstract: "Show the products of one category (slugs from `storefront categories`).",
        discussion: help.discussion
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: #"One category's products, paged like `search` (`--limit`, `--page`), in the same table, with `Showing A–B of TOTAL products in "SLUG"`."#,
        json: #"as `search`, with `"category"` in place of `"query"`"#,
        examples: [
            CommandHelp.Example("storefront category laptops --page 2", "a category's products, paged like search"),
        ]
    )

    @Argument(help: "The category's slug, e.g. smartphones.")
    var slug: String

    @OptionGroup var paging: PagingOptions
    @OptionGroup var reading: ReadOptions
    @OptionGroup var options: GlobalOptions

    /// The domain's query from the options: `validate()` makes it, so a bad value exits
    /// 64 before anything is touched, and `run()` makes it again to ask for.
    private var categoryQuery: CategoryQuery {
        get throws(ValidationError) {
            try usage { () throws(InvalidInput) in try CategoryQuery(slug: slug, page: paging.page, pageSize: paging.limit) }
        }
    }

    func validate() throws {
        _ = try categoryQuery
    }

    func run() async throws {
        let categoryQuery = try categoryQuery
        try await CommandLifecycle.run(options) { root in
            await root.makeCategoryPresenter().show(categoryQuery, policy: reading.policy).exitStatus
        }
    }
}
