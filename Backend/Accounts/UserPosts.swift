/// A post as the backend keeps and sends it (DummyJSON's shape, PROTOCOL.md).
struct StorePost: Encodable, Sendable {
    struct Reactions: Encodable, Sendable {
        let likes: Int
        let dislikes: Int
    }

    let id: Int
    let title: String
    let body: String
    let tags: [String]
    let reactions: Reactions
    let views: Int
    let userId: Int
}

/// The demo users' posts: a fixed set, the same at every start, so a test or a person
/// trying `storefront posts` sees the same pages. `emilys` has enough for several
/// pages, `sophiab` none (an empty list is an answer too), and `zoen` writes outside
/// ASCII.
struct UserPosts: Sendable {
    private let posts: [StorePost]

    static let demo = UserPosts(posts: Self.written.enumerated().map { index, post in
        StorePost(
            id: index + 1,
            title: post.title,
            body: post.body,
            tags: post.tags,
            reactions: .init(likes: (index * 37 + 11) % 200, dislikes: (index * 13 + 3) % 40),
            views: (index * 211 + 97) % 5_000,
            userId: post.author
        )
    })

    /// A page of `userID`'s posts in id order, and how many they have in all.
    func posts(ofUser userID: Int, limit: Int, skip: Int) -> (total: Int, posts: [StorePost]) {
        let theirs = posts.filter { $0.userId == userID }
        return (theirs.count, Array(theirs.dropFirst(skip).prefix(limit)))
    }

    /// What each post says, and who wrote it (the user's id in `UserDirectory.demo`).
    private static let written: [(author: Int, title: String, body: String, tags: [String])] = [
        (1, "His mother had always taught him", "To never look down on others, no matter their station.", ["history", "american", "crime"]),
        (2, "He was an expert but not in a discipline", "That anyone could fully appreciate.", ["french", "fiction", "english"]),
        (1, "Dave watched as the forest burned up on the hill", "Only a few miles from his house.", ["magical", "history", "french"]),
        (1, "All he wanted was a candy bar", "It didn't seem like a difficult request to comprehend.", ["mystery", "english", "american"]),
        (4, "Mối tình đầu của Zoë", "Viết về những ngày mưa ở Huế, và một quán cà phê nhỏ.", ["love", "vietnam"]),
        (1, "Hopes and dreams were dashed that day", "It should have been expected, but it still came as a shock.", ["crime", "mystery", "love"]),
        (2, "The paper was blank", "It shouldn't have been; there should have been writing on it.", ["english", "classic"]),
        (1, "The forest had always been a comfort", "Until the night the lights appeared between the trees.", ["magical", "fiction"]),
        (1, "Things aren't going well at all", "With mom today: she is just a limp noodle, wanting to sleep all the time.", ["american", "history"]),
        (2, "The rain was coming", "Everyone thought this would be a good thing.", ["crime", "mystery"]),
        (1, "She was in a hurry", "Not the standard hurry when you're in a rush to get someplace.", ["french", "love"]),
        (1, "The trees, therefore, must be such old and primitive techniques", "That they thought nothing of them.", ["english", "fiction"]),
        (4, "Chuyến tàu đêm 🚆", "Từ Hà Nội vào Sài Gòn, ba mươi hai tiếng, một cuốn sách.", ["travel", "vietnam"]),
        (1, "The chair sat in the corner where it had been", "For over 25 years, the only difference being there was someone in it.", ["classic", "history"]),
        (1, "There was a reason for her shyness", "Everyone assumed it had always been there but she knew better.", ["love", "mystery"]),
        (2, "They rushed out the door", "Grabbing anything and everything they could think of.", ["american", "crime"]),
        (1, "It's an important secret", "Not one that she could share with just anyone.", ["fiction", "magical"]),
    ]
}
