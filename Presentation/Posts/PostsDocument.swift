import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `storefront posts --json`: a page of the user's posts, shaped as the search document.
struct PostsDocument: Encodable {
    struct Entry: Encodable {
        let id: Int
        let title: String
        let body: String
        let tags: [String]
        let likes: Int
        let dislikes: Int
        let views: Int
    }

    let total: Int
    let skip: Int
    let limit: Int
    let source: String
    let cachedAt: String?
    let posts: [Entry]

    static func json(_ page: PostPage, origin: Origin, now: Date) -> String {
        JSONDocument.encode(PostsDocument(
            total: page.total, skip: page.skip, limit: page.pageSize, source: origin.source, cachedAt: origin.cachedAt(now: now),
            posts: page.posts.map { .init(id: $0.id, title: $0.title, body: $0.body, tags: $0.tags, likes: $0.likes, dislikes: $0.dislikes, views: $0.views) }
        ))
    }
}
