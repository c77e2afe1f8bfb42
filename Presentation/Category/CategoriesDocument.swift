import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
