@testable import Backend
import Foundation
import TestSupport
import Testing

/// The bundled backend beside DummyJSON's own answers, recorded in
/// `Tests/Recorded/dummyjson/`: the same request must match by the same rule and page
/// the same way, wherever a generated catalogue can say so (its products are not
/// DummyJSON's, so which products and how many cannot be compared; what a match is,
/// what `total`, `skip` and `limit` mean, and the fields can).
///
/// Differences by design, each checked here so that it stays a choice:
/// - a product carries only the fields the client reads (no `sku`, `weight`,
///   `dimensions`, `reviews`, `meta`, `images`, `warrantyInformation`);
/// - `/auth/me` answers the login's user fields and no more: DummyJSON adds the
///   user's password and a made-up bank card, address and crypto wallet, which a
///   reference server has no business sending;
/// - the products are generated, so `total` for the same query differs.
@Suite("The bundled backend agrees with DummyJSON's recorded answers", .timeLimit(.minutes(2)))
struct DummyJSONAgreementTests {
    let store: SignedInService

    init() async throws {
        store = try await SignedInService()
    }

    /// The request `searchProducts.phone.json` answers, read from its own `skip` and `limit`.
    static let recordedSearch = "/auth/products/search?q=phone&limit=2&skip=10"

    static func recorded(_ name: String) throws -> Any {
        let file = RepositoryFolder.root.appendingPathComponent("Tests/Recorded/dummyjson/\(name)")
        return try JSONSerialization.jsonObject(with: Data(contentsOf: file))
    }

    func answer(_ target: String) async throws -> Any {
        try JSONSerialization.jsonObject(with: Data(await store.get(target).body))
    }

    /// The rule PROTOCOL.md states, and DummyJSON's answer shows.
    static func matches(_ product: [String: Any], _ query: String) -> Bool {
        let text = [product["title"], product["description"]].compactMap { $0 as? String }.map { $0.lowercased() }
        return text.contains { $0.contains(query.lowercased()) }
    }

    /// What any answer to `?limit=2&skip=10` must say of its paging.
    static func checkPaging(_ page: [String: Any], source: String) throws {
        let products = try #require(page["products"] as? [[String: Any]], "\(source)")
        let total = try #require(page["total"] as? Int, "\(source)")
        #expect(page["skip"] as? Int == 10, "\(source): skip echoes the request")
        #expect(page["limit"] as? Int == products.count, "\(source): limit counts what came back")
        #expect(products.count == min(2, max(0, total - 10)), "\(source): a page holds what is left, up to the limit")
        let ids = products.compactMap { $0["id"] as? Int }
        #expect(ids == ids.sorted(), "\(source): in identifier order")
        #expect(products.allSatisfy { matches($0, "phone") }, "\(source): every product matches")
    }

    @Test("a search: the same rule (a substring, inside a word too), the same paging, in id order")
    func search() async throws {
        let theirs = try #require(try Self.recorded("searchProducts.phone.json") as? [String: Any])
        let ours = try #require(try await answer(Self.recordedSearch) as? [String: Any])
        try Self.checkPaging(theirs, source: "DummyJSON")
        try Self.checkPaging(ours, source: "backend")
        #expect(Set(ours.keys) == Set(theirs.keys))

        // DummyJSON's "headphones" matches "phone": a substring, not a word. The backend
        // must find such products too; among all its matches, some hold "phone" only
        // inside a longer word.
        let theirProducts = try #require(theirs["products"] as? [[String: Any]])
        #expect(theirProducts.contains { !Self.hasWord("phone", in: $0) })
        let all = try #require(try await answer("/auth/products/search?q=phone&limit=0") as? [String: Any])
        let allProducts = try #require(all["products"] as? [[String: Any]])
        #expect(allProducts.contains { !Self.hasWord("phone", in: $0) })
        #expect(allProducts.count == all["total"] as? Int)
    }

    @Test("a product: every field the backend sends is one DummyJSON sends, with the same type")
    func productFields() async throws {
        let theirs = try #require((try Self.recorded("searchProducts.phone.json") as? [String: Any])?["products"] as? [[String: Any]]).first
        let ours = try #require((try await answer(Self.recordedSearch) as? [String: Any])?["products"] as? [[String: Any]]).first
        let their = try #require(theirs)
        let our = try #require(ours)
        #expect(Set(our.keys).isSubset(of: Set(their.keys)), "\(Set(our.keys).subtracting(their.keys))")
        for key in our.keys {
            #expect(Self.kind(of: our[key]) == Self.kind(of: their[key]), "\(key)")
        }
    }

    @Test("categories: DummyJSON's names are their slugs' words capitalised, and the backend's are the same")
    func categories() async throws {
        let theirs = try #require(try Self.recorded("listCategories.json") as? [[String: String]])
        let ours = try #require(try await answer("/auth/products/categories") as? [[String: String]])
        for category in theirs {
            let slug = try #require(category["slug"])
            let words = slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            #expect(category["name"] == words, "DummyJSON: \(slug)")
            #expect(ours.first { $0["slug"] == slug }?["name"] == category["name"], "backend: \(slug)")
        }
        #expect(ours.allSatisfy { Set($0.keys).isSubset(of: ["slug", "name", "url"]) })
    }

    @Test("login answers exactly DummyJSON's fields; /auth/me answers a subset, never a password")
    func accountFields() async throws {
        let theirLogin = try #require(try Self.recorded("logIn.json") as? [String: Any])
        let ourLogin = await store.service.respond(to: StoreRequest(
            method: "POST", target: "/auth/login", headers: [:], body: Array(#"{"username":"emilys","password":"emilyspass"}"#.utf8)
        ))
        let login = try #require(try JSONSerialization.jsonObject(with: Data(ourLogin.body)) as? [String: Any])
        #expect(Set(login.keys) == Set(theirLogin.keys))

        let theirMe = try #require(try Self.recorded("currentUser.json") as? [String: Any])
        let me = try #require(try await answer("/auth/me") as? [String: Any])
        #expect(Set(me.keys).isSubset(of: Set(theirMe.keys)))
        #expect(theirMe["password"] != nil && me["password"] == nil, "DummyJSON sends the password; the backend must not")
    }

    @Test("a cart: the backend sends DummyJSON's fields, of the same kinds, for the list, the cart and each line")
    func cartFields() async throws {
        let added = await store.service.respond(to: StoreRequest(
            method: "POST", target: "/auth/carts/add", headers: ["Authorization": "Bearer \(store.token)", "Idempotency-Key": #""k""#],
            body: Array(#"{"userId":1,"products":[{"id":1,"quantity":2}]}"#.utf8)
        ))
        #expect(added.status == 201)
        let theirs = try #require(try Self.recorded("userCarts.json") as? [String: Any])
        let ours = try #require(try await answer("/auth/carts/user/1") as? [String: Any])
        let theirCart = try #require((theirs["carts"] as? [[String: Any]])?.first)
        let ourCart = try #require((ours["carts"] as? [[String: Any]])?.first)
        let theirLine = try #require((theirCart["products"] as? [[String: Any]])?.first)
        let ourLine = try #require((ourCart["products"] as? [[String: Any]])?.first)
        for (their, our) in [(theirs, ours), (theirCart, ourCart), (theirLine, ourLine)] {
            #expect(Set(our.keys) == Set(their.keys), "\(Set(our.keys).symmetricDifference(their.keys))")
            for key in our.keys {
                #expect(Self.kind(of: our[key]) == Self.kind(of: their[key]), "\(key)")
            }
        }
    }

    /// Whether `word` stands as a word of its own in the product's title or description.
    static func hasWord(_ word: String, in product: [String: Any]) -> Bool {
        let text = [product["title"], product["description"]].compactMap { $0 as? String }.joined(separator: " ").lowercased()
        return text.split { !$0.isLetter && !$0.isNumber }.contains { $0 == word }
    }

    /// A JSON value's kind: a number, text, a list, an object, or nothing.
    static func kind(of value: Any?) -> String {
        switch value {
        case is NSNumber: "number"
        case is String: "text"
        case is [Any]: "list"
        case is [String: Any]: "object"
        default: "nothing"
        }
    }
}
