import Domain
import Foundation
import Presentation
import TestSupport
import Testing

@Suite("PostsPresenter", .timeLimit(.minutes(1)))
struct PostsPresenterTests {
    static func page(total: Int = 12) throws -> PostPage {
        let posts = try [
            Post(id: 3, title: "Dave watched as the forest burned", body: "Only a few miles away.", tags: ["magical", "history"], likes: 85, dislikes: 29, views: 519),
            Post(id: 13, title: "Chuyến tàu đêm 🚆", body: "", tags: [], likes: 5, dislikes: 0, views: 1_204),
        ]
        return try PostPage(items: posts, total: total, paging: Paging(page: 2, pageSize: 2))
    }

    private func presenter(
        _ result: Result<Fetched<PostPage>, StoreError>, format: OutputFormat = .human, width: Int? = nil
    ) -> (PostsPresenter, SpyOutput) {
        let output = SpyOutput()
        let presenter = PostsPresenter(
            listMyPosts: ListMyPosts(repository: SpyPostRepository(result)),
            console: Console(output: output, format: format, width: width, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        )
        return (presenter, output)
    }

    @Test("a page: the table, a blank line and 'Showing 3–4 of 12 posts by you'")
    func table() async throws {
        let (presenter, output) = presenter(.success(Fetched(try Self.page(), from: .network)))

        let shown = try await presenter.show(Paging(page: 2, pageSize: 2))

        #expect(shown.exitStatus == .success)
        #expect(output.standardOutput == [
            "ID  TITLE                              TAGS              LIKES  VIEWS",
            " 3  Dave watched as the forest burned  magical, history     85    519",
            "13  Chuyến tàu đêm 🚆                                        5   1204",
            "",
            "Showing 3–4 of 12 posts by you",
        ])
        #expect(output.standardError.isEmpty)
    }

    @Test("on a narrow terminal the title gives way first")
    func narrow() async throws {
        let (presenter, output) = presenter(.success(Fetched(try Self.page(), from: .network)), width: 50)

        try await presenter.show(Paging(page: 2, pageSize: 2))

        let row = try #require(output.standardOutput.dropFirst().first)
        #expect(row.count <= 50, "\(row)")
        #expect(row.hasPrefix(" 3  Dave watched") && row.contains("…  magical, history     85    519"), "\(row)")
    }

    @Test("no posts at all says so in a sentence; a page past the end says where the posts are")
    func empty() async throws {
        let (none, noneOutput) = presenter(.success(Fetched(try PostPage(items: [], total: 0, paging: Paging()), from: .network)))
        let (past, pastOutput) = presenter(.success(Fetched(try PostPage(items: [], total: 12, paging: Paging(page: 9, pageSize: 2)), from: .network)))

        try await none.show(Paging())
        try await past.show(Paging(page: 9, pageSize: 2))

        #expect(noneOutput.standardOutput == ["You have written no posts yet."])
        #expect(pastOutput.standardOutput == ["No results on page 9 by you (12 in all)"])
    }

    @Test("JSON: the page with its paging, source and each post whole")
    func json() async throws {
        let (presenter, output) = presenter(.success(Fetched(try Self.page(), from: .network)), format: .json)

        try await presenter.show(Paging(page: 2, pageSize: 2))

        #expect(output.standardOutput == [
            #"{"limit":2,"posts":[{"body":"Only a few miles away.","dislikes":29,"id":3,"likes":85,"tags":["magical","history"],"#
                + #""title":"Dave watched as the forest burned","views":519},{"body":"","dislikes":0,"id":13,"likes":5,"tags":[],"#
                + #""title":"Chuyến tàu đêm 🚆","views":1204}],"skip":2,"source":"network","total":12}"#,
        ])
    }

    @Test("a kept page says how old it is; a cached JSON page says when it was stored")
    func cached() async throws {
        let kept = Fetched(try Self.page(), from: .cache(age: .seconds(120), reason: .backendUnreachable))
        let (human, humanOutput) = presenter(.success(kept))
        let (json, jsonOutput) = presenter(.success(kept), format: .json)

        try await human.show(Paging(page: 2, pageSize: 2))
        try await json.show(Paging(page: 2, pageSize: 2))

        #expect(humanOutput.standardError == ["offline: showing posts cached 2 minutes ago"])
        let document = try #require(jsonOutput.standardOutput.first)
        #expect(document.contains(#""cachedAt":"2027-01-15T07:58:00Z""#) && document.contains(#""source":"cache""#), "\(document)")
    }

    @Test("each failure: its sentence on standard error, nothing on standard output, and its exit status", arguments: [
        (StoreError.notSignedIn, ProcessExitStatus.noPermission),
        (.offline, .unavailable),
        (.unusableResponse(Diagnostic("posts page")), .dataError),
    ])
    func failures(error: StoreError, status: ProcessExitStatus) async throws {
        let (presenter, output) = presenter(.failure(error))

        let shown = try await presenter.show(Paging())

        #expect(shown.exitStatus == status)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.last?.hasPrefix("storefront: ") == true)
    }
}
