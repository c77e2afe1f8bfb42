import Domain

// The post resource's wire shapes: one post, its reactions, and a page of posts. They
// share a file, as the product shapes do, because a reader checks them together
// against PROTOCOL.md.

/// A post as the store API sends it (DummyJSON's shape; `userId` is not read, since
/// the path already named whose posts these are).
struct PostDTO: Decodable, Sendable {
    let id: Int
    let title: String
    let body: String?
    let tags: [String]?
    let reactions: ReactionsDTO?
    let views: Int?

    func toDomain() throws(StoreError) -> Post {
        do {
            return try Post(
                id: id,
                title: title,
                body: body ?? "",
                tags: tags ?? [],
                likes: reactions?.likes ?? 0,
                dislikes: reactions?.dislikes ?? 0,
                views: views ?? 0
            )
        } catch {
            throw .unusableResponse(Diagnostic("post \(id): \(error)"))
        }
    }
}

/// `{"likes", "dislikes"}`: DummyJSON's reactions are an object, not a number.
struct ReactionsDTO: Decodable, Sendable {
    let likes: Int
    let dislikes: Int
}

/// The answer to `GET /auth/posts/user/{id}`: the posts, with `total`, `skip` and
/// `limit` as a product page has them.
struct PostPageDTO: Decodable, Sendable {
    let posts: [PostDTO]
    let total: Int
    let skip: Int
    let limit: Int

    func toDomain(for paging: Paging) throws(StoreError) -> PostPage {
        var posts: [Post] = []
        for post in self.posts {
            posts.append(try post.toDomain())
        }
        return try Page(wire: posts, total: total, skip: skip, asked: paging, named: "posts")
    }
}
