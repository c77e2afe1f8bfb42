import ArgumentParser
import Domain

/// `storefront posts`: one page of the signed-in user's posts.
struct PostsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "posts",
        abstract: "Show the posts you wrote, a page at a time (needs `storefront login`)."
    )

    @OptionGroup var pagingOptions: PagingOptions
    @OptionGroup var reading: ReadOptions
    @OptionGroup var options: GlobalOptions

    /// The domain's paging from the options: `validate()` makes it, so a bad value exits
    /// 64 before anything is touched, and `run()` makes it again to ask for.
    private var paging: Paging {
        get throws(ValidationError) {
            try usage { () throws(InvalidInput) in try Paging(page: pagingOptions.page, pageSize: pagingOptions.limit) }
        }
    }

    func validate() throws {
        _ = try paging
    }

    func run() async throws {
        let paging = try paging
        try await CommandLifecycle.run(options) { root in
            await root.makePostsPresenter().show(paging, policy: reading.policy).exitStatus
        }
    }
}
