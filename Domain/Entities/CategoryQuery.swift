/// A validated request for one page of a category's products.
public struct CategoryQuery: Hashable, Sendable {
    public let slug: CategorySlug
    public let paging: Paging

    public init(slug: String, page: Int = 1, pageSize: Int = Paging.defaultPageSize) throws(InvalidInput) {
        self.slug = try CategorySlug(slug)
        self.paging = try Paging(page: page, pageSize: pageSize)
    }
}
