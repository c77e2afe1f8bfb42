import Domain

/// One page of the signed-in user's posts: a table (id, title, tags, likes, views)
/// and `Showing 1–10 of 12 posts by you`, or a line saying there are none.
public struct PostsPresenter {
    private let listMyPosts: ListMyPosts
    private let console: Console

    /// The columns; the title gives way first on a narrow terminal, tags keep at most 24.
    static let list = PagedList(
        table: TextTable<Post>(
            columns: [
                .init(heading: "ID", alignedRight: true, text: { String($0.id) }, style: { _ in .secondary }),
                .init(heading: "TITLE", text: { $0.title }),
                .init(heading: "TAGS", limit: 24, text: { $0.tags.joined(separator: ", ") }, style: { _ in .secondary }),
                .init(heading: "LIKES", alignedRight: true, text: { String($0.likes) }, style: { _ in .score }),
                .init(heading: "VIEWS", alignedRight: true, text: { String($0.views) }),
            ],
            flexible: 1,
            flexibleMinimum: 12
        ),
        noun: CountedNoun(one: "post", many: "posts"),
        itemsKey: "posts",
        entry: PostDocument.init,
        noneLine: "You have written no posts yet."
    )

    public init(listMyPosts: ListMyPosts, console: Console) {
        self.listMyPosts = listMyPosts
        self.console = console
    }

    /// Shows one page of the user's posts; returns what it showed.
    @discardableResult
    public func show(_ paging: Paging, policy: ReadPolicy = .standard) async -> Result<Fetched<PostPage>, StoreError> {
        let subject = PagedList<Post, PostDocument>.Subject(phrase: "by you", field: nil)
        return await Self.list.show(subject, activity: "Loading your posts", on: console) { () async throws(StoreError) in
            try await listMyPosts(paging, policy: policy)
        }
    }
}
