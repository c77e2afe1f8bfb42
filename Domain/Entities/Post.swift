/// A post the signed-in user wrote, as the store keeps it.
public struct Post: Equatable, Sendable {
    public let id: Int
    public let title: String
    public let body: String
    public let tags: [String]
    public let likes: Int
    public let dislikes: Int
    public let views: Int

    /// Fails on a blank title or a negative count: a post like that is a broken answer.
    public init(id: Int, title: String, body: String, tags: [String], likes: Int, dislikes: Int, views: Int) throws(InvalidInput) {
        guard !title.trimmingWhitespace().isEmpty else {
            throw InvalidInput(field: "title", reason: "must not be empty")
        }
        guard likes >= 0, dislikes >= 0, views >= 0 else {
            throw InvalidInput(field: "reactions", reason: "must not be negative")
        }
        self.id = id
        self.title = title
        self.body = body
        self.tags = tags
        self.likes = likes
        self.dislikes = dislikes
        self.views = views
    }
}

/// One page of the signed-in user's posts.
public typealias PostPage = Page<Post>

extension Page where Item == Post {
    public var posts: [Post] { items }
}
