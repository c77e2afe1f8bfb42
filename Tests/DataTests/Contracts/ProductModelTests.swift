import Data
import Domain
import Infrastructure
import TestSupport
import Testing

/// The fake as a model of the real catalogue: seeded with the products a loopback
/// `storefront-server` serves, it must give the same answer to every generated read.
/// The sequence comes from a fixed seed, so CI runs the same 400 reads every time; a
/// divergence names the seed and the read, which is all it takes to replay it.
///
/// Each seed is a `storefront-server` child and over 300 real exchanges with it, which
/// under ThreadSanitizer on a busy machine is a matter of minutes: so the limit is four
/// minutes rather than the two of a suite that stays in the process.
@Suite("FakeProductRepository models RemoteProductRepository over storefront-server", .timeLimit(.minutes(4)), .onItsOwnThread)
struct ProductModelTests {
    static let seeds: [UInt64] = [20_261_126, 35]
    static let reads = 200
    static let productCount = 120

    /// One generated read.
    enum Read: CustomStringConvertible {
        case search(text: String, page: Int, pageSize: Int)
        case product(id: Int)
        case category(slug: String, page: Int, pageSize: Int)
        case categories

        var description: String {
            switch self {
            case .search(let text, let page, let pageSize): "search \(text.debugDescription) page \(page) of \(pageSize)"
            case .product(let id): "product \(id)"
            case .category(let slug, let page, let pageSize): "category \(slug) page \(page) of \(pageSize)"
            case .categories: "categories"
            }
        }
    }

    @Test("the same answer to every generated read: matching, paging, ids, categories", arguments: seeds)
    func sameAnswers(seed: UInt64) async throws {
        try await RemoteStack.with(productCount: Self.productCount) { stack in
            _ = try await stack.accounts.logIn(Credentials(username: "emilys", password: "emilyspass"))
            var catalogue: [Product] = []
            for id in 1...Self.productCount {
                catalogue.append(try await stack.products.product(id: ProductID(id), policy: .revalidate).value)
            }
            let model = FakeProductRepository(products: catalogue)
            var random = SplitMix64(seed: seed)
            var divergences = 0
            for step in 0..<Self.reads {
                let read = Self.read(from: catalogue, using: &random)
                // Input the domain refuses (an empty text, page 0) is refused alike by both; skipped.
                guard let real = await Self.answer(read, from: stack.products), let modelled = await Self.answer(read, from: model) else { continue }
                if real != modelled {
                    divergences += 1
                    Issue.record("seed \(seed), read \(step): \(read)\n  store: \(real)\n  model: \(modelled)")
                    if divergences == 3 { return }
                }
            }
        }
    }

    /// A read drawn from what the catalogue holds: words and pieces of its titles and
    /// descriptions, with their case changed, joined, or with characters a URL must
    /// escape; pages inside and past the end; ids known and unknown; slugs real and not.
    static func read(from catalogue: [Product], using random: inout SplitMix64) -> Read {
        let product = catalogue[Int.random(in: 0..<catalogue.count, using: &random)]
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
            return .search(text: text(from: product, using: &random), page: page(using: &random), pageSize: Int.random(in: 1...30, using: &random))
        case 6, 7:
            return .product(id: Int.random(in: 1...(catalogue.count + 3), using: &random))
        case 8:
            let slug = Bool.random(using: &random) ? product.category : "no-such-\(product.category)"
            return .category(slug: slug, page: page(using: &random), pageSize: Int.random(in: 1...30, using: &random))
        default:
            return .categories
        }
    }

    static func page(using random: inout SplitMix64) -> Int {
        Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 5...40, using: &random) : Int.random(in: 1...3, using: &random)
    }

    static func text(from product: Product, using random: inout SplitMix64) -> String {
        let source = Array(Bool.random(using: &random) ? product.title : product.description)
        let start = Int.random(in: 0..<source.count, using: &random)
        let length = Int.random(in: 1...min(12, source.count - start), using: &random)
        var text = String(source[start..<(start + length)])
        switch Int.random(in: 0..<8, using: &random) {
        case 0: text = text.uppercased()
        case 1: text = String(text.enumerated().map { $0.offset.isMultiple(of: 2) ? Character($0.element.uppercased()) : $0.element })
        case 2: text += ["+", "&", "%", "?", "#", "/", "=", ";", "%20", "é", "u\u{308}", "'", "\"", ".", "!"].randomElement(using: &random) ?? ""
        case 3: text = ["+", "&", "%", "#", ".", "-", "!!", "'"].randomElement(using: &random) ?? "+"
        case 4: text = "\(text) \(product.category)"
        default: break
        }
        return text
    }

    /// The answer as a value to compare, or nil when the domain refuses the input.
    static func answer(_ read: Read, from repository: any ProductRepository) async -> String? {
        do {
            switch read {
            case .search(let text, let page, let pageSize):
                guard let query = try? SearchQuery(text: text, page: page, pageSize: pageSize) else { return nil }
                let found = try await repository.search(query, policy: .standard).value
                return "\(found.total): \(found.products.map(\.id.rawValue))"
            case .product(let id):
                guard let id = try? ProductID(id) else { return nil }
                let product = try await repository.product(id: id, policy: .standard).value
                return "\(product.id.rawValue) \(product.title)"
            case .category(let slug, let page, let pageSize):
                guard let query = try? CategoryQuery(slug: slug, page: page, pageSize: pageSize) else { return nil }
                let found = try await repository.products(in: query, policy: .standard).value
                return "\(found.total): \(found.products.map(\.id.rawValue))"
            case .categories:
                return try await repository.categories(policy: .standard).value.map { "\($0.slug.rawValue)=\($0.name)" }.joined(separator: ",")
            }
        } catch {
            return "error: \(error)"
        }
    }
}
