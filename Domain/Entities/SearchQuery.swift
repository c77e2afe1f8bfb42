/// A validated product search: what to look for and which page of the answer.
///
/// Out-of-range values are errors, never silently clamped: a script that asks for
/// `--limit 500` should hear that it cannot, not get 100 rows and think that is all.
public struct SearchQuery: Hashable, Sendable {
    /// Allowed lengths of the trimmed text, in characters.
    public static let textLength = 1...100

    /// The trimmed search text.
    public let text: String
    /// Which page, and how long: a search pages as a category does.
    public let paging: Paging

    public init(text: String, page: Int = 1, pageSize: Int = Paging.defaultPageSize) throws(InvalidInput) {
        let trimmed = text.trimmingWhitespace()
        guard SearchQuery.textLength.contains(trimmed.count) else {
            throw InvalidInput(
                field: "query",
                reason: "must be between \(SearchQuery.textLength.lowerBound) and \(SearchQuery.textLength.upperBound) characters"
            )
        }
        self.text = trimmed
        self.paging = try Paging(page: page, pageSize: pageSize)
    }
}
