import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `storefront search --json`: one page of results, and where it came from.
struct SearchDocument: Encodable {
    let query: String
    let total: Int
    let skip: Int
    let limit: Int
    let source: String
    let cachedAt: String?
    let products: [ProductDocument]

    static func json(_ page: ProductPage, query: String, origin: Origin, now: Date) -> String {
        JSONDocument.encode(SearchDocument(
            query: query, total: page.total, skip: page.skip, limit: page.pageSize, source: origin.source,
            cachedAt: origin.cachedAt(now: now), products: page.products.map(ProductDocument.init)
        ))
    }
}
