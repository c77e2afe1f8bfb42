import Domain
import Foundation

/// The `--json` documents of CLI.md, built in one place so their shape cannot drift
/// between commands. Keys are sorted so the output is stable for scripts and tests.
public enum JSONDocuments {
    struct UserDocument: Encodable {
        let id: Int
        let username: String
        let email: String
        let firstName: String
        let lastName: String
        let source: String
    }

    struct ProductDocument: Encodable {
        let id: Int
        let title: String
        @NullWhenAbsent var brand: String?
        let category: String
        let price: Double
        let rating: Double
        let stock: Int
    }

    struct ServingDocument: Encodable {
        let url: String
        let mode: String
        /// Null in plain mode, so a script finds the key the same way always.
        @NullWhenAbsent var keyFile: String?
    }

    struct DemoDocument: Encodable {
        let backend: String
        let succeeded: Bool
        let steps: [DemoStepResult]
    }

    struct SearchDocument: Encodable {
        let query: String
        let total: Int
        let skip: Int
        let limit: Int
        let source: String
        let cachedAt: String?
        let products: [ProductDocument]
    }

    /// `storefront product`: the search document's product, and the rest of it.
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

    struct CategoryDocument: Encodable {
        let category: String
        let total: Int
        let skip: Int
        let limit: Int
        let source: String
        let cachedAt: String?
        let products: [ProductDocument]
    }

    struct CategoriesDocument: Encodable {
        struct Entry: Encodable {
            let slug: String
            let name: String
        }

        let categories: [Entry]
        let source: String
    }

    struct StatusDocument: Encodable {
        struct Session: Encodable {
            let path: String
            let exists: Bool
            let mode: String?
            let isPrivate: Bool
        }

        struct Cache: Encodable {
            let folder: String
            let entries: Int
            let bytes: Int
            let oldestStoredAt: String?
        }

        let backend: String
        let mode: String
        let payloadKeySource: String?
        let caFile: String?
        let pins: [String]
        let signedIn: Bool
        let user: String?
        let session: Session
        let cache: Cache
        let check: String?
    }

    struct ErrorDocument: Encodable {
        struct Body: Encodable {
            let code: String
            let message: String
        }

        let error: Body
    }

    static func user(_ user: User, origin: Origin) -> String {
        encode(UserDocument(
            id: user.id.rawValue, username: user.username, email: user.email,
            firstName: user.firstName, lastName: user.lastName, source: origin.source
        ))
    }

    static func search(_ page: ProductPage, query: String, origin: Origin, now: Date) -> String {
        encode(SearchDocument(
            query: query, total: page.total, skip: page.skip, limit: page.pageSize, source: origin.source,
            cachedAt: origin.cachedAt(now: now),
            products: page.products.map(productDocument)
        ))
    }

    /// The search document with `category` in place of `query` (CLI.md).
    static func category(_ page: ProductPage, slug: String, origin: Origin, now: Date) -> String {
        encode(CategoryDocument(
            category: slug, total: page.total, skip: page.skip, limit: page.pageSize, source: origin.source,
            cachedAt: origin.cachedAt(now: now), products: page.products.map(productDocument)
        ))
    }

    static func categories(_ categories: [Category], origin: Origin) -> String {
        encode(CategoriesDocument(categories: categories.map { .init(slug: $0.slug.rawValue, name: $0.name) }, source: origin.source))
    }

    private static func productDocument(_ product: Product) -> ProductDocument {
        ProductDocument(
            id: product.id.rawValue, title: product.title, brand: product.brand, category: product.category,
            price: product.price.amount, rating: product.rating, stock: product.stock
        )
    }

    static func product(_ product: Product, origin: Origin, now: Date) -> String {
        encode(ProductDetailDocument(
            product: productDocument(product), description: product.description, discountPercentage: product.discountPercentage,
            tags: product.tags, source: origin.source, cachedAt: origin.cachedAt(now: now)
        ))
    }

    static func status(_ report: StatusReport) -> String {
        encode(StatusDocument(
            backend: report.backend,
            mode: report.payloadKeySource == nil ? "plain" : "sealed",
            payloadKeySource: report.payloadKeySource,
            caFile: report.authorityFile,
            pins: report.pins,
            signedIn: report.signedInAs != nil,
            user: report.signedInAs,
            session: .init(
                path: report.session.path, exists: report.session.mode != nil,
                mode: report.session.mode.map { String($0, radix: 8) }, isPrivate: report.session.isPrivate
            ),
            cache: .init(
                folder: report.cache.folder, entries: report.cache.entries, bytes: report.cache.bytes,
                oldestStoredAt: report.cache.oldestStoredAt?.formatted(.iso8601)
            ),
            check: report.check
        ))
    }

    /// `storefront serve --json`, its first line: where it listens and how it seals.
    public static func serving(url: String, sealed: Bool, keyFile: String?) -> String {
        encode(ServingDocument(url: url, mode: sealed ? "sealed" : "plain", keyFile: keyFile))
    }

    /// `storefront demo --json`: every step, whether it did what it should, and its time.
    public static func demo(backend: String, steps: [DemoStepResult]) -> String {
        encode(DemoDocument(backend: backend, succeeded: steps.allSatisfy(\.succeeded), steps: steps))
    }

    static func error(code: String, message: String) -> String {
        encode(ErrorDocument(error: .init(code: code, message: message)))
    }

    private static func encode(_ document: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else {
            return #"{"error":{"code":"unexpected","message":"The result could not be written as JSON."}}"#
        }
        return String(decoding: data, as: UTF8.self)
    }
}

extension Origin {
    /// `network` or `cache`, as the JSON documents say it.
    var source: String {
        switch self {
        case .network: "network"
        case .cache: "cache"
        }
    }

    /// When a cached answer was stored, in ISO 8601; nil for a network answer.
    func cachedAt(now: Date) -> String? {
        guard case .cache(let age, _) = self else { return nil }
        let (seconds, attoseconds) = age.components
        let stored = now.addingTimeInterval(-(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18))
        return stored.formatted(.iso8601)
    }
}
