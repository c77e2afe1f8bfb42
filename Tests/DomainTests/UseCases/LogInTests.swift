import Domain
import TestSupport
import Testing

@Suite("LogIn", .timeLimit(.minutes(1)))
struct LogInTests {
    @Test("signs in with trimmed username and the password as typed")
    func success() async throws {
        let user = try Samples.user()
        let repository = SpyAuthRepository(logIn: .success(user))
        let logIn = LogIn(repository: repository)

        let result = try await logIn(username: "  emilys\n", password: " emilyspass ")

        #expect(result == user)
        let calls = await repository.logInCalls
        #expect(calls.map(\.username) == ["emilys"])
        #expect(calls.map(\.password) == [" emilyspass "])
    }

    @Test("refuses input before the repository sees it", arguments: [
        ("", "secret", "username"),
        ("   ", "secret", "username"),
        ("emilys", "", "password"),
    ])
    func invalidInput(username: String, password: String, field: String) async throws {
        let repository = SpyAuthRepository()
        let logIn = LogIn(repository: repository)

        let error = await #expect(throws: StoreError.self) {
            _ = try await logIn(username: username, password: password)
        }

        guard case .invalidInput(let input) = error else {
            Issue.record("expected invalidInput, got \(String(describing: error))")
            return
        }
        #expect(input.field == field)
        #expect(await repository.logInCalls.isEmpty)
    }

    @Test("passes repository errors through unchanged", arguments: Samples.repositoryErrors)
    func repositoryError(_ expected: StoreError) async throws {
        let logIn = LogIn(repository: SpyAuthRepository(logIn: .failure(expected)))

        await #expect(throws: expected) {
            _ = try await logIn(username: "emilys", password: "emilyspass")
        }
    }
}
