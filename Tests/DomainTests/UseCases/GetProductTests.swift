import Domain
import TestSupport
import Testing

@Suite("GetProduct", .timeLimit(.minutes(1)))
struct GetProductTests {
    @Test("fetches the product with that identifier")
    func success() async throws {
        let product = try Samples.product(id: 101)
        let repository = SpyProductRepository(product: .success(Fetched(product, from: .cache(age: .seconds(5), reason: .backendUnreachable))))

        let result = try await GetProduct(repository: repository)(try ProductID(101))

        #expect(result == Fetched(product, from: .cache(age: .seconds(5), reason: .backendUnreachable)))
        #expect(await repository.productCalls == [try ProductID(101)])
    }

    @Test("passes repository errors through unchanged", arguments: Samples.repositoryErrors)
    func repositoryError(_ expected: StoreError) async throws {
        let getProduct = GetProduct(repository: SpyProductRepository(product: .failure(expected)))

        let id = try ProductID(7)
        await #expect(throws: expected) {
            _ = try await getProduct(id)
        }
    }
}
