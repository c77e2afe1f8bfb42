import Domain

/// The answer to `GET /auth/products/search` and `GET /auth/products/category/{slug}`.
/// `limit` is how many products came back (DummyJSON's meaning), not how many were asked for.
struct ProductSearchResponseDTO: Codable, Sendable, Equatable {
    let products: [ProductDTO]
    let total: Int
    let skip: Int
    let limit: Int

    /// The page the query asked for. The page number and size come from the query,
    /// not from the answer, whose `limit` only counts the products returned.
    func toDomain(for query: SearchQuery) throws(StoreError) -> ProductPage {
        try toDomain(page: query.page, pageSize: query.pageSize, skip: query.skip)
    }

    /// A category's page, checked and mapped as a search's.
    func toDomain(for query: CategoryQuery) throws(StoreError) -> ProductPage {
        try toDomain(page: query.paging.page, pageSize: query.paging.pageSize, skip: query.paging.skip)
    }

    private func toDomain(page: Int, pageSize: Int, skip asked: Int) throws(StoreError) -> ProductPage {
        guard skip == asked else {
            throw .unusableResponse(detail: "search answered skip \(skip) for skip \(asked)")
        }
        var products: [Product] = []
        for product in self.products {
            products.append(try product.toDomain())
        }
        do {
            return try ProductPage(products: products, total: total, page: page, pageSize: pageSize)
        } catch {
            throw .unusableResponse(detail: "search page: \(error)")
        }
    }
}
