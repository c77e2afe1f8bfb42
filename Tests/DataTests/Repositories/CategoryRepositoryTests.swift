@testable import Data
import Domain
import Foundation
import TestSupport
import Testing

@Suite("RemoteProductRepository: categories", .timeLimit(.minutes(2)))
struct CategoryRepositoryTests {
    let harness: RepositoryHarness

    init() throws {
        harness = try RepositoryHarness()
    }

    @Test("categories: GET /auth/products/categories, DummyJSON's shape mapped, url or not")
    func categories() async throws {
        let transport = SpyTransport(always: .json(200, Fixtures.categories))

        let result = try await harness.products(transport).categories(policy: .standard)

        #expect(await transport.requests.map(\.target) == ["/auth/products/categories"])
        #expect(await transport.requests.first?.header("Authorization") == "Bearer a1", "an authenticated call")
        #expect(result.value.map(\.slug.rawValue) == ["beauty", "mobile-accessories", "smartphones"])
        #expect(result.value[1].name == "Mobile Accessories")
        #expect(result.origin == .network)
    }

    @Test("a slug that could not go back into a path makes the answer unusable, and nothing is kept")
    func hostileSlug() async throws {
        let transport = SpyTransport(always: .json(200, #"[{"slug":"../../admin","name":"x"}]"#))

        await #expect(throws: StoreError.self) { _ = try await harness.products(transport).categories(policy: .standard) }
        await #expect(throws: StoreError.notCached) {
            _ = try await harness.products(SpyTransport(failing: .cannotConnect(reason: "x"))).categories(policy: .cacheOnly)
        }
    }

    @Test("a category page: the slug in the path, limit and skip in the query, mapped like a search")
    func page() async throws {
        let query = try CategoryQuery(slug: "smartphones", page: 6, pageSize: 2)
        let transport = SpyTransport(always: .json(200, Fixtures.searchPhone))

        let result = try await harness.products(transport).products(in: query, policy: .standard)

        #expect(await transport.requests.map(\.target) == ["/auth/products/category/smartphones?limit=2&skip=10"])
        #expect(result.value.products.count == 2)
        #expect(result.value.total == 23)
    }

    @Test("offline: both answer from the cache with their age")
    func offline() async throws {
        let query = try CategoryQuery(slug: "smartphones", page: 6, pageSize: 2)
        _ = try await harness.products(SpyTransport(always: .json(200, Fixtures.categories))).categories(policy: .standard)
        _ = try await harness.products(SpyTransport(always: .json(200, Fixtures.searchPhone))).products(in: query, policy: .standard)
        harness.clock.advance(by: 120)
        let down = SpyTransport(failing: .cannotConnect(reason: "connection refused"))

        let categories = try await harness.products(down).categories(policy: .standard)
        let page = try await harness.products(down).products(in: query, policy: .standard)

        #expect(categories.origin == .cache(age: .seconds(120), reason: .backendUnreachable))
        #expect(page.origin == .cache(age: .seconds(120), reason: .backendUnreachable))
    }
}
