import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One page of the signed-in user's posts: a table (id, title, tags, likes, views)
/// and `Showing 1–10 of 12 posts by you`, or a line saying there are none.
public struct PostsPresenter {
    private let listMyPosts: ListMyPosts
    private let console: Console

    public init(listMyPosts: ListMyPosts, console: Console) {
        self.listMyPosts = listMyPosts
        self.console = console
    }

    /// The columns; the title gives way first on a narrow terminal, tags keep at most 24.
    static let table = TextTable<Post>(
        columns: [
            .init(heading: "ID", alignedRight: true, text: { String($0.id) }, style: { _ in .secondary }),
            .init(heading: "TITLE", text: { $0.title }),
            .init(heading: "TAGS", limit: 24, text: { $0.tags.joined(separator: ", ") }, style: { _ in .secondary }),
            .init(heading: "LIKES", alignedRight: true, text: { String($0.likes) }, style: { _ in .rating }),
            .init(heading: "VIEWS", alignedRight: true, text: { String($0.views) }),
        ],
        flexible: 1,
        flexibleMinimum: 12
    )

    /// Shows one page of the user's posts; returns what it showed.
    @discardableResult
    public func show(_ paging: Paging, policy: ReadPolicy = .standard) async -> Result<Fetched<PostPage>, StoreError> {
        let output = console.output
        do {
            output.beginActivity("Loading your posts")
            defer { output.endActivity() }
            let result = try await listMyPosts(paging, policy: policy)
            if console.format == .json {
                output.printLine(PostsDocument.json(result.value, origin: result.origin, now: console.now()))
            } else {
                if let notice = CacheNotice.line(for: result.origin, subject: "posts") { output.printDiagnostic(notice) }
                let lines = result.value.total == 0
                    ? [StyledText("You have written no posts yet.")]
                    : Self.table.pageLines(for: result.value, noun: "posts", subject: "by you", width: console.width)
                lines.forEach(output.printLine)
            }
            return .success(result)
        } catch {
            console.errors.report(error)
            return .failure(error)
        }
    }
}
