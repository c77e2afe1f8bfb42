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

    /// How many items come before this page.
    public var skip: Int { Paging.itemsBefore(page: page, pageSize: pageSize) }

    /// How many items come before `page`: what the server is asked to skip, and where a
    /// page's shown range starts. The one place the sum is written.
    public static func itemsBefore(page: Int, pageSize: Int) -> Int {
        (page - 1) * pageSize
    }
}
