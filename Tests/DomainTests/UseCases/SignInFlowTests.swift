import Domain
import TestSupport
import Testing

/// The sign-in use cases together against a working account service, as a person
/// uses them: in, who am I, a wrong password, out.
@Suite("LogIn, GetCurrentUser and LogOut together", .timeLimit(.minutes(1)))
struct SignInFlowTests {
    private func accounts() throws -> FakeAuthRepository {
        FakeAuthRepository(accounts: [(try Samples.user(), "emilyspass")])
    }

    @Test("signed in, the user is known; a wrong password later changes nothing; signed out, no one is")
    func flow() async throws {
        let repository = try accounts()
        let logIn = LogIn(repository: repository)
        let currentUser = GetCurrentUser(repository: repository)

        await #expect(throws: StoreError.notSignedIn) { try await currentUser() }

        let user = try await logIn(username: "emilys", password: "emilyspass")
        #expect(user.username == "emilys")
        #expect(try await currentUser().value == user)

        await #expect(throws: StoreError.invalidCredentials) {
            try await logIn(username: "emilys", password: "wrong")
        }
        #expect(try await currentUser().value == user, "a failed login must leave the session as it was")

        try await LogOut(repository: repository)()
        await #expect(throws: StoreError.notSignedIn) { try await currentUser() }
        try await LogOut(repository: repository)()
    }

    @Test("offline, the signed-in user still answers, and says where from")
    func offline() async throws {
        let repository = try accounts()
        _ = try await LogIn(repository: repository)(username: "emilys", password: "emilyspass")
        await repository.goOffline()

        let answer = try await GetCurrentUser(repository: repository)()

        #expect(answer.origin == .cache(age: .zero, reason: .backendUnreachable))
        await #expect(throws: StoreError.offline) {
            try await LogIn(repository: repository)(username: "emilys", password: "emilyspass")
        }
    }
}
