import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A product as the search, category and product documents write it.
struct ProductDocument: Encodable {
    let id: Int
    let title: String
    @NullWhenAbsent var brand: String?
    let category: String
    let price: Double
    let rating: Double
    let stock: Int

    init(_ product: Product) {
        id = product.id.rawValue
        title = product.title
        brand = product.brand
        category = product.category
        price = product.price.amount
        rating = product.rating
        stock = product.stock
    }
}

/// `storefront product --json`: the search document's product, and the rest of it.
struct ProductDetailDocument: Encodable {
    let product: ProductDocument
    let description: String
    let discountPercentage: Double
    let tags: [String]
    let source: String
    let cachedAt: String?

    private enum CodingKeys: String, CodingKey {
        case description, discountPercentage, tags, source, cachedAt
    }

    static func json(_ product: Product, origin: Origin, now: Date) -> String {
        JSONDocument.encode(ProductDetailDocument(
            product: ProductDocument(product), description: product.description, discountPercentage: product.discountPercentage,
            tags: product.tags, source: origin.source, cachedAt: origin.cachedAt(now: now)
        ))
    }

    /// The product's keys and these side by side in one object; `cachedAt` only from the cache.
    func encode(to encoder: any Encoder) throws {
        try product.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(description, forKey: .description)
        try container.encode(discountPercentage, forKey: .discountPercentage)
        try container.encode(tags, forKey: .tags)
        try container.encode(source, forKey: .source)
        try container.encodeIfPresent(cachedAt, forKey: .cachedAt)
    }
}
