import Domain

/// The answer to `GET /auth/products/search`. `limit` is how many products came back
/// (DummyJSON's meaning), not how many were asked for.
struct ProductSearchResponseDTO: Codable, Sendable, Equatable {
    let products: [ProductDTO]
    let total: Int
    let skip: Int
    let limit: Int

    /// The page the query asked for. The page number and size come from the query,
    /// not from the answer, whose `limit` only counts the products returned.
    func toDomain(for query: SearchQuery) throws(StoreError) -> ProductPage {
        guard skip == query.skip else {
            throw .unusableResponse(detail: "search answered skip \(skip) for skip \(query.skip)")
        }
        var products: [Product] = []
        for product in self.products {
            products.append(try product.toDomain())
        }
        do {
            return try ProductPage(products: products, total: total, page: query.page, pageSize: query.pageSize)
        } catch {
            throw .unusableResponse(detail: "search page: \(error)")
        }
    }
}
