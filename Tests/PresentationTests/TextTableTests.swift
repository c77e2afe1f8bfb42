import Domain
@testable import Presentation
import Testing

/// Any list gets the table's fitting and its page line by naming its columns: here a
/// list that is not products (a user's posts, as a feature would show them).
@Suite("TextTable: any rows, fitted to a width, with a page's range", .timeLimit(.minutes(1)))
struct TextTableTests {
    struct Post: Sendable {
        let id: Int
        let title: String
        let likes: Int
    }

    static let table = TextTable<Post>(
        columns: [
            .init(heading: "ID", alignedRight: true, text: { String($0.id) }),
            .init(heading: "TITLE", text: { $0.title }),
            .init(heading: "LIKES", alignedRight: true, text: { String($0.likes) }),
        ],
        flexible: 1,
        flexibleMinimum: 5
    )

    static let posts = [
        Post(id: 7, title: "His mother had always taught him", likes: 192),
        Post(id: 12, title: "Café\u{1B}[2J", likes: 5),
    ]

    @Test("piped, every cell whole (escaped), numbers right-aligned")
    func piped() {
        #expect(Self.table.lines(for: Self.posts, width: nil).map(\.plain) == [
            "ID  TITLE                             LIKES",
            " 7  His mother had always taught him    192",
            "12  Café\\u001b[2J                         5",
        ])
    }

    @Test("on a narrow terminal the flexible column gives way, never below its least")
    func fitted() {
        #expect(Self.table.lines(for: Self.posts, width: 24).map(\.plain) == [
            "ID  TITLE          LIKES",
            " 7  His mother h…    192",
            "12  Café\\u001b[2J      5",
        ])
        #expect(Self.table.lines(for: Self.posts, width: 3).map(\.plain)[1] == " 7  His …    192")
    }

    @Test("a page: the table, a blank line and its range; or one line when it shows nothing")
    func pageLines() throws {
        let paging = try Paging(page: 2, pageSize: 2)
        let lines = Self.table.pageLines(
            for: Self.posts, shown: paging.shownRange(count: 2, total: 5), page: 2, total: 5, noun: "posts", subject: "by emilys", width: nil
        ).map(\.plain)
        #expect(lines.suffix(2) == ["", "Showing 3–4 of 5 posts by emilys"])
        let past = Self.table.pageLines(for: [], shown: paging.shownRange(count: 0, total: 5), page: 2, total: 5, noun: "posts", subject: "by emilys", width: nil)
        #expect(past.map(\.plain) == ["No results on page 2 by emilys (5 in all)"])
    }
}
