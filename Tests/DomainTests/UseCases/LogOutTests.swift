import Domain
import TestSupport
import Testing

@Suite("LogOut", .timeLimit(.minutes(1)))
struct LogOutTests {
    @Test("asks the repository to end the session, and says what the store did", arguments: [
        SessionEnding.ended, .notOffered, .unconfirmed(.offline), .noSession,
    ])
    func success(_ ending: SessionEnding) async throws {
        let repository = SpyAuthRepository(logOut: .success(ending))

        let said = try await LogOut(repository: repository)()

        #expect(said == ending)
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
