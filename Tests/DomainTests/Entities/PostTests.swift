import Domain
import Testing

@Suite("Post", .timeLimit(.minutes(1)))
struct PostTests {
    @Test("a post needs a title with more than whitespace", arguments: ["", "   ", "\n\t"])
    func blankTitle(title: String) {
        #expect(throws: InvalidInput(field: "title", reason: "must not be empty")) {
            _ = try Post(id: 1, title: title, body: "b", tags: [], likes: 0, dislikes: 0, views: 0)
        }
    }

    @Test("likes, dislikes and views are never negative", arguments: [(-1, 0, 0), (0, -1, 0), (0, 0, -1)])
    func negativeCounts(likes: Int, dislikes: Int, views: Int) {
        #expect(throws: InvalidInput(field: "reactions", reason: "must not be negative")) {
            _ = try Post(id: 1, title: "t", body: "b", tags: [], likes: likes, dislikes: dislikes, views: views)
        }
    }

    @Test("zero of everything and no body is a post")
    func smallest() throws {
        let post = try Post(id: 7, title: "t", body: "", tags: [], likes: 0, dislikes: 0, views: 0)
        #expect(post.id == 7 && post.body.isEmpty)
    }
}
