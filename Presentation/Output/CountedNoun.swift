/// A word that follows a count, one for one thing and one for any other number: "1
/// result", "23 results", "0 entries". English needs only the two; a list names both.
struct CountedNoun: Sendable {
    let one: String
    let many: String

    /// The word for `count` things.
    func callAsFunction(_ count: Int) -> String {
        count == 1 ? one : many
    }

    /// `count` and its word: "1 entry".
    func counting(_ count: Int) -> String {
        "\(count) \(self(count))"
    }
}
