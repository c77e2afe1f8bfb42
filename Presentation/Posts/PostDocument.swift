import Domain

/// One post in `storefront posts --json`.
struct PostDocument: Encodable {
    let id: Int
    let title: String
    let body: String
    let tags: [String]
    let likes: Int
    let dislikes: Int
    let views: Int

    init(_ post: Post) {
        id = post.id
        title = post.title
        body = post.body
        tags = post.tags
        likes = post.likes
        dislikes = post.dislikes
        views = post.views
    }
}
