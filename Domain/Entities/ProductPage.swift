/// One page of search results, and where it sits among all the matches.
public struct ProductPage: Equatable, Sendable {
    public let products: [Product]
    /// Every match, before paging.
    public let total: Int
    /// Which page this is, and how many products a full page holds (the `limit` asked
    /// for): a `Paging`, so its rules are checked once, where it was made.
    public let paging: Paging

    /// 1-based page number.
    public var page: Int { paging.page }
    /// How many products a full page holds.
    public var pageSize: Int { paging.pageSize }

    /// Fails when the numbers contradict each other: more products than a page holds,
    /// or more than the total leaves for this page. Such an answer is broken, and
    /// showing "21–25 of 23" would be worse than saying so.
    public init(products: [Product], total: Int, paging: Paging) throws(InvalidInput) {
        guard total >= 0 else {
            throw InvalidInput(field: "total", reason: "must not be negative")
        }
        guard products.count <= paging.pageSize else {
            throw InvalidInput(field: "products", reason: "holds more than one page")
        }
        // Checked arithmetic: the total comes from the wire, so `skip + count` can
        // overflow (`skip` cannot: `Paging` refused a page whose skip would). Once it
        // holds, `skip + count <= total <= Int.max`, so the range and `hasNextPage`
        // below cannot overflow.
        let (end, overflow) = paging.skip.addingReportingOverflow(products.count)
        guard !overflow, products.isEmpty || end <= total else {
            throw InvalidInput(field: "total", reason: "is smaller than the products shown")
        }
        self.products = products
        self.total = total
        self.paging = paging
    }

    /// How many matches come before this page.
    public var skip: Int { paging.skip }

    /// The matches shown, e.g. `11–20 of 23`; `nil` when the page is empty.
    public var shownRange: ShownRange? { paging.shownRange(count: products.count, total: total) }

    /// Whether a later page has more matches.
    public var hasNextPage: Bool { paging.hasNextPage(count: products.count, total: total) }
}
