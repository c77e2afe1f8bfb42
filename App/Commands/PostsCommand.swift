import AppShared
import ArgumentParser
import Domain

/// `storefront posts`: one page of the signed-in user's posts.
struct PostsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "posts",
        abstract: "Show the posts you wrote, a page at a time (needs `storefront login`).",
        discussion: help.discussion
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: "The signed-in user's own posts, paged like `search` (`--limit`, `--page`): id, title, tags, likes and views, then `Showing A–B of TOTAL posts by you`; `You have written no posts yet.` when there are none. Signed out, 77.",
        json: #"`{"total", "skip", "limit", "source", "cachedAt", "posts": [{"id", "title", "body", "tags", "likes", "dislikes", "views"}]}`"#,
        examples: [
            CommandHelp.Example("storefront posts --limit 5", "the posts you wrote (emilys has eleven), paged like search"),
        ]
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
