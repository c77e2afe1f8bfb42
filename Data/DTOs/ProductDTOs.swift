import Domain

// The product resource's wire shapes: one product, and a page of them (search and
// category answers). They share a file, as the login shapes do, because a reader
// checks them together against PROTOCOL.md.

/// A product as the store API sends it. `brand` may be missing; numbers may come as
/// `10` or `10.0` (JSONDecoder reads both into `Int` when the value is whole).
struct ProductDTO: Decodable, Sendable {
    let id: Int
    let title: String
    let description: String?
    let category: String?
    let price: Double
    let discountPercentage: Double?
    let rating: Double?
    let stock: Int?
    let brand: String?
    let tags: [String]?
    let thumbnail: String?

    func toDomain() throws(StoreError) -> Product {
        do {
            return try Product(
                id: ProductID(id),
                title: title,
                description: description ?? "",
                category: category ?? "",
                brand: brand,
                // Converted from the decoded Double with rounding to the cent: exact for
                // every two-decimal price (Money's comment says why).
                price: Money(amount: price, currency: .usd),
                discountPercentage: discountPercentage ?? 0,
                rating: rating ?? 0,
                stock: stock ?? 0,
                tags: tags ?? [],
                thumbnailURL: thumbnail ?? ""
            )
        } catch {
            throw .unusableResponse(Diagnostic("product \(id): \(error)"))
        }
    }
}

/// The answer to `GET /auth/products/search` and `GET /auth/products/category/{slug}`.
/// `limit` is how many products came back (DummyJSON's meaning), not how many were asked for.
struct ProductSearchResponseDTO: Decodable, Sendable {
    let products: [ProductDTO]
    let total: Int
    let skip: Int
    let limit: Int

    /// The page asked for, of the answer `name` says (`search`, `category`), which an
    /// unusable answer's diagnostic names. The page number and size come from the
    /// request, not from the answer, whose `limit` only counts the products returned.
    func toDomain(for paging: Paging, named name: String) throws(StoreError) -> ProductPage {
        var products: [Product] = []
        for product in self.products {
            products.append(try product.toDomain())
        }
        return try Page(wire: products, total: total, skip: skip, asked: paging, named: name)
    }
}
