/// A validated product search: what to look for and which page of the answer.
///
/// Out-of-range values are errors, never silently clamped: a script that asks for
/// `--limit 500` should hear that it cannot, not get 100 rows and think that is all.
public struct SearchQuery: Hashable, Sendable {
    /// Allowed lengths of the trimmed text, in characters.
    public static let textLength = 1...100
    /// Allowed page sizes.
    public static let pageSizes = Paging.pageSizes
    /// The page size when none is given.
    public static let defaultPageSize = Paging.defaultPageSize

    /// The trimmed search text.
    public let text: String
    /// 1-based page number.
    public let page: Int
    public let pageSize: Int

    public init(text: String, page: Int = 1, pageSize: Int = SearchQuery.defaultPageSize) throws(InvalidInput) {
        let trimmed = text.trimmingWhitespace()
        guard SearchQuery.textLength.contains(trimmed.count) else {
            throw InvalidInput(
                field: "query",
                reason: "must be between \(SearchQuery.textLength.lowerBound) and \(SearchQuery.textLength.upperBound) characters"
            )
        }
        let paging = try Paging(page: page, pageSize: pageSize)
        self.text = trimmed
        self.page = paging.page
        self.pageSize = paging.pageSize
    }

    /// How many matches come before this page.
    public var skip: Int { (page - 1) * pageSize }
}
