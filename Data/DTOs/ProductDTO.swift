import Domain

/// A product as the store API sends it. `brand` may be missing; numbers may come as
/// `10` or `10.0` (JSONDecoder reads both into `Int` when the value is whole).
struct ProductDTO: Codable, Sendable, Equatable {
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
            throw .unusableResponse(detail: "product \(id): \(error)")
        }
    }
}
