import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `storefront category --json`: the search document with `category` in place of `query`.
struct CategoryDocument: Encodable {
    let category: String
    let total: Int
    let skip: Int
    let limit: Int
    let source: String
    let cachedAt: String?
    let products: [ProductDocument]

    static func json(_ page: ProductPage, slug: String, origin: Origin, now: Date) -> String {
        JSONDocument.encode(CategoryDocument(
            category: slug, total: page.total, skip: page.skip, limit: page.pageSize, source: origin.source,
            cachedAt: origin.cachedAt(now: now), products: page.products.map(ProductDocument.init)
        ))
    }
}

/// `storefront categories --json`: every category's slug and name.
struct CategoriesDocument: Encodable {
    struct Entry: Encodable {
        let slug: String
        let name: String
    }

    let categories: [Entry]
    let source: String

    static func json(_ categories: [Category], origin: Origin) -> String {
        JSONDocument.encode(CategoriesDocument(categories: categories.map { .init(slug: $0.slug.rawValue, name: $0.name) }, source: origin.source))
    }
}
