/// One page of any paged list (search results, a category, the user's posts), and
/// where it sits among everything the list holds. Its checks are written once here, so
/// every list refuses a contradictory answer the same way.
public struct Page<Item: Equatable & Sendable>: Equatable, Sendable {
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

/// One page of search results or of a category.
public typealias ProductPage = Page<Product>

extension Page where Item == Product {
    public var products: [Product] { items }

    public init(products: [Product], total: Int, paging: Paging) throws(InvalidInput) {
        try self.init(items: products, total: total, paging: paging)
    }
}
