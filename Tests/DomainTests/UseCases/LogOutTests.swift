import Domain
import TestSupport
import Testing

@Suite("LogOut", .timeLimit(.minutes(1)))
struct LogOutTests {
    @Test("asks the repository to forget the session")
    func success() async throws {
        let repository = SpyAuthRepository(logOut: .success(()))

        try await LogOut(repository: repository)()

        #expect(await repository.logOutCalls == 1)
    }

    @Test("passes repository errors through unchanged", arguments: Samples.repositoryErrors)
    func repositoryError(_ expected: StoreError) async throws {
        let logOut = LogOut(repository: SpyAuthRepository(logOut: .failure(expected)))

        await #expect(throws: expected) {
            try await logOut()
        }
    }
}
