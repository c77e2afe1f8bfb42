/// A validated product search: what to look for and which page of the answer.
///
/// Out-of-range values are errors, never silently clamped: a script that asks for
/// `--limit 500` should hear that it cannot, not get 100 rows and think that is all.
public struct SearchQuery: Hashable, Sendable {
    /// Allowed lengths of the trimmed text, in characters.
    public static let textLength = 1...100
    /// Allowed page sizes.
    public static let pageSizes = 1...100
    /// The page size when none is given.
    public static let defaultPageSize = 10

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
        guard page >= 1 else {
            throw InvalidInput(field: "page", reason: "must be 1 or more")
        }
        guard SearchQuery.pageSizes.contains(pageSize) else {
            throw InvalidInput(
                field: "limit",
                reason: "must be between \(SearchQuery.pageSizes.lowerBound) and \(SearchQuery.pageSizes.upperBound)"
            )
        }
        // The server is asked for `skip = (page - 1) * pageSize`; a page so large that
        // this overflows is as invalid as page 0.
        guard !(page - 1).multipliedReportingOverflow(by: pageSize).overflow else {
            throw InvalidInput(field: "page", reason: "is too large")
        }
        self.text = trimmed
        self.page = page
        self.pageSize = pageSize
    }

    /// How many matches come before this page.
    public var skip: Int { (page - 1) * pageSize }
}
