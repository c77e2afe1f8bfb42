/// Which page of a listing, and how long a page is: searches and categories page alike.
public struct Paging: Hashable, Sendable {
    /// Allowed page sizes.
    public static let pageSizes = 1...100
    /// The page size when none is given.
    public static let defaultPageSize = 10

    /// 1-based page number.
    public let page: Int
    public let pageSize: Int

    public init(page: Int = 1, pageSize: Int = Paging.defaultPageSize) throws(InvalidInput) {
        guard page >= 1 else {
            throw InvalidInput(field: "page", reason: "must be 1 or more")
        }
        guard Paging.pageSizes.contains(pageSize) else {
            throw InvalidInput(field: "limit", reason: "must be between \(Paging.pageSizes.lowerBound) and \(Paging.pageSizes.upperBound)")
        }
        // The server is asked for `skip = (page - 1) * pageSize`; a page so large that
        // this overflows is as invalid as page 0.
        guard !(page - 1).multipliedReportingOverflow(by: pageSize).overflow else {
            throw InvalidInput(field: "page", reason: "is too large")
        }
        self.page = page
        self.pageSize = pageSize
    }

    /// How many items come before this page: what the server is asked to skip, and
    /// where a page's shown range starts.
    public var skip: Int { (page - 1) * pageSize }

    /// The items a page of `count` out of `total` shows, e.g. `11–20 of 23`; nil when it
    /// shows none (or a count so large the last would overflow). For any paged list, so
    /// each says its range the same way.
    public func shownRange(count: Int, total: Int) -> ShownRange? {
        let (last, overflow) = skip.addingReportingOverflow(count)
        guard count > 0, !overflow else { return nil }
        return ShownRange(first: skip + 1, last: last, total: total)
    }

    /// Whether a later page has more of the `total` than this page's `count` reaches.
    public func hasNextPage(count: Int, total: Int) -> Bool {
        let (end, overflow) = skip.addingReportingOverflow(count)
        return !overflow && end < total
    }
}

/// Which items a page shows, 1-based and inclusive: `11–20 of 23`. Its `description` is
/// the one spelling of that range, for every screen and list that shows it.
public struct ShownRange: Equatable, Sendable, CustomStringConvertible {
    public let first: Int
    public let last: Int
    public let total: Int

    public var description: String { "\(first)–\(last) of \(total)" }
}
