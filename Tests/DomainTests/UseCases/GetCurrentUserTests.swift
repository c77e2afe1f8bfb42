import Domain
import TestSupport
import Testing

@Suite("GetCurrentUser", .timeLimit(.minutes(1)))
struct GetCurrentUserTests {
    @Test("returns the user and where the answer came from", arguments: [
        Origin.network, Origin.cache(age: .seconds(240), reason: .backendUnreachable),
    ])
    func success(origin: Origin) async throws {
        let user = try Samples.user()
        let repository = SpyAuthRepository(currentUser: .success(Fetched(user, from: origin)))

        let result = try await GetCurrentUser(repository: repository)()

        #expect(result == Fetched(user, from: origin))
        #expect(await repository.currentUserCalls == 1)
    }

    @Test("passes repository errors through unchanged", arguments: Samples.repositoryErrors)
    func repositoryError(_ expected: StoreError) async throws {
        let getCurrentUser = GetCurrentUser(repository: SpyAuthRepository(currentUser: .failure(expected)))

        await #expect(throws: expected) {
            _ = try await getCurrentUser()
        }
    }
}
