@testable import Backend
import Foundation
import Infrastructure
import TestSupport
import Testing

@Suite("Backend category endpoints", .timeLimit(.minutes(2)))
struct CategoryEndpointTests {
    let store: SignedInService

    init() async throws {
        store = try await SignedInService()
    }

    private func get(_ target: String, signedIn: Bool = true) async throws -> (status: Int, json: Any, headers: [String: String]) {
        let response = await store.get(target, signedIn: signedIn)
        return (response.status, try JSONSerialization.jsonObject(with: Data(response.body)), response.headers)
    }

    @Test("categories: every slug with its name in words and a url, cacheable, signed in only")
    func categories() async throws {
        let (status, json, headers) = try await get("/auth/products/categories")
        let list = try #require(json as? [[String: String]])

        #expect(status == 200)
        #expect(list.count == 12)
        #expect(list.contains { $0["slug"] == "mobile-accessories" && $0["name"] == "Mobile Accessories" && $0["url"] != nil })
        #expect(headers["Cache-Control"] == "private, max-age=30")
        #expect(try await get("/auth/products/categories", signedIn: false).status == 401)
    }

    @Test("a category's products: only that category, paged with total, skip and limit")
    func products() async throws {
        let (status, json, _) = try await get("/auth/products/category/laptops?limit=5&skip=10")
        let page = try #require(json as? [String: Any])
        let products = try #require(page["products"] as? [[String: Any]])

        #expect(status == 200)
        #expect(page["total"] as? Int == 25) // 300 products dealt to 12 categories
        #expect(page["skip"] as? Int == 10)
        #expect(products.count == 5)
        #expect(products.allSatisfy { $0["category"] as? String == "laptops" })
    }

    @Test("an unknown slug is an empty page, as on DummyJSON; a page past the end too")
    func empty() async throws {
        for target in ["/auth/products/category/nothing-here", "/auth/products/category/laptops?skip=500"] {
            let page = try #require(try await get(target).json as? [String: Any])
            #expect((page["products"] as? [Any])?.isEmpty == true, "\(target)")
        }
    }
}
