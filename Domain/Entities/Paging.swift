// Paging, in one file: which page of a list is asked for (`Paging`), which items a
// page shows (`ShownRange`), and a page of any list as it comes back (`Page`). Small
// value types a reader checks together: every rule of a page is here.

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

/// One page of any paged list (search results, a category, the user's posts), and
/// where it sits among everything the list holds. Its checks are written once here, so
/// every list refuses a contradictory answer the same way. Pages compare where their
/// items do, by the conditional conformance below: a page asks of its items only what
/// every page needs.
public struct Page<Item: Sendable>: Sendable {
    public let items: [Item]
    /// Every item of the list, before paging.
    public let total: Int
    /// Which page this is, and how many items a full page holds (the `limit` asked
    /// for): a `Paging`, so its rules are checked once, where it was made.
    public let paging: Paging

    /// 1-based page number.
    public var page: Int { paging.page }
    /// How many items a full page holds.
    public var pageSize: Int { paging.pageSize }

    /// Fails when the numbers contradict each other: more items than a page holds,
    /// or more than the total leaves for this page. Such an answer is broken, and
    /// showing "21–25 of 23" would be worse than saying so.
    public init(items: [Item], total: Int, paging: Paging) throws(InvalidInput) {
        guard total >= 0 else {
            throw InvalidInput(field: "total", reason: "must not be negative")
        }
        guard items.count <= paging.pageSize else {
            throw InvalidInput(field: "items", reason: "holds more than one page")
        }
        // Checked arithmetic: the total comes from the wire, so `skip + count` can
        // overflow (`skip` cannot: `Paging` refused a page whose skip would). Once it
        // holds, `skip + count <= total <= Int.max`, so the range and `hasNextPage`
        // below cannot overflow.
        let (end, overflow) = paging.skip.addingReportingOverflow(items.count)
        guard !overflow, items.isEmpty || end <= total else {
            throw InvalidInput(field: "total", reason: "is smaller than the items shown")
        }
        self.items = items
        self.total = total
        self.paging = paging
    }

    /// How many items come before this page.
    public var skip: Int { paging.skip }

    /// The items shown, e.g. `11–20 of 23`; `nil` when the page is empty.
    public var shownRange: ShownRange? { paging.shownRange(count: items.count, total: total) }

    /// Whether a later page has more items.
    public var hasNextPage: Bool { paging.hasNextPage(count: items.count, total: total) }
}

extension Page: Equatable where Item: Equatable {}

/// One page of search results or of a category.
public typealias ProductPage = Page<Product>

extension Page where Item == Product {
    public var products: [Product] { items }
}
