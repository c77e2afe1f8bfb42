import Data
import Domain
import TestSupport
import Testing

/// An account repository under the contract: the repository, an account it knows with
/// its password, and a way to take the backend away.
struct AuthSubject: Sendable {
    let repository: any AuthRepository
    let username: String
    let password: String
    let goOffline: @Sendable () async -> Void
}

/// One way to run a clause against an account repository. Yours joins by being added to `all`.
struct AuthRepositoryKind: Sendable, CustomTestStringConvertible {
    let name: String
    let with: @Sendable (_ body: @Sendable (AuthSubject) async throws -> Void) async throws -> Void

    var testDescription: String { name }

    /// The fake with one account, with a mistake planted or none.
    static func fake(planting mistake: FakeAuthRepository.PlantedMistake? = nil) -> AuthRepositoryKind {
        AuthRepositoryKind(name: mistake.map { "FakeAuthRepository planting \($0)" } ?? "FakeAuthRepository") { body in
            let repository = FakeAuthRepository(accounts: [(try Samples.user(), "emilyspass")], planting: mistake)
            try await body(AuthSubject(repository: repository, username: "emilys", password: "emilyspass") { await repository.goOffline() })
        }
    }

    /// The real repository, its session in a file, against a loopback `storefront-server`.
    static let remote = AuthRepositoryKind(name: "RemoteAuthRepository") { body in
        try await RemoteStack.with(productCount: 12) { stack in
            try await body(AuthSubject(repository: stack.accounts, username: "emilys", password: "emilyspass") { await stack.goOffline() })
        }
    }

    static let all: [AuthRepositoryKind] = [.fake(), .remote]
}

/// What every `AuthRepository` must do: the outcomes of logging in, asking who is signed
/// in (under each policy, and with the backend away) and logging out.
///
/// A token's refresh is not seen at this seam: it happens under the repository, in the
/// auth interceptor, whose own suites hold it (`AuthInterceptorTests`, the parallel
/// refresh of real processes in `ParallelRefreshTests`). A fake has no tokens to renew;
/// what the contract asks is the outcome a caller sees, `revalidate` answering from
/// the backend.
enum AuthRepositoryContract {
    static let signIn = ContractClause<AuthRepositoryKind>("the right password signs in: that user, and currentUser is them, from the network") { kind in
        try await kind.with { subject in
            let user = try await subject.repository.logIn(Credentials(username: subject.username, password: subject.password))
            #expect(user.username == subject.username)
            #expect(try await subject.repository.currentUser(policy: .standard) == Fetched(user, from: .network))
        }
    }

    static let wrongPassword = ContractClause<AuthRepositoryKind>("a wrong password or an unknown user is invalidCredentials, and the earlier sign-in stays") { kind in
        try await kind.with { subject in
            let user = try await subject.repository.logIn(Credentials(username: subject.username, password: subject.password))
            await #expect(throws: StoreError.invalidCredentials) {
                _ = try await subject.repository.logIn(Credentials(username: subject.username, password: subject.password + "x"))
            }
            await #expect(throws: StoreError.invalidCredentials) {
                _ = try await subject.repository.logIn(Credentials(username: "nobody-here", password: subject.password))
            }
            #expect(try await subject.repository.currentUser(policy: .standard).value == user)
        }
    }

    static let signedOut = ContractClause<AuthRepositoryKind>("signed out, currentUser is notSignedIn under every policy, and logOut succeeds") { kind in
        try await kind.with { subject in
            for policy in [ReadPolicy.standard, .cacheOnly, .revalidate] {
                await #expect(throws: StoreError.notSignedIn) { _ = try await subject.repository.currentUser(policy: policy) }
            }
            try await subject.repository.logOut()
        }
    }

    static let logOut = ContractClause<AuthRepositoryKind>("logOut forgets the user, even under cacheOnly; a second logOut succeeds") { kind in
        try await kind.with { subject in
            _ = try await subject.repository.logIn(Credentials(username: subject.username, password: subject.password))
            try await subject.repository.logOut()
            await #expect(throws: StoreError.notSignedIn) { _ = try await subject.repository.currentUser(policy: .standard) }
            await #expect(throws: StoreError.notSignedIn) { _ = try await subject.repository.currentUser(policy: .cacheOnly) }
            try await subject.repository.logOut()
        }
    }

    static let policies = ContractClause<AuthRepositoryKind>("cacheOnly gives the user kept at login, saying offline was asked for; revalidate asks the backend") { kind in
        try await kind.with { subject in
            let user = try await subject.repository.logIn(Credentials(username: subject.username, password: subject.password))
            #expect(try await subject.repository.currentUser(policy: .cacheOnly) == Fetched(user, from: .cache(age: .zero, reason: .offlineRequested)))
            #expect(try await subject.repository.currentUser(policy: .revalidate) == Fetched(user, from: .network))
        }
    }

    static let offline = ContractClause<AuthRepositoryKind>("with the backend away: currentUser is the kept user, saying so; logging in is offline") { kind in
        try await kind.with { subject in
            let user = try await subject.repository.logIn(Credentials(username: subject.username, password: subject.password))
            await subject.goOffline()
            #expect(try await subject.repository.currentUser(policy: .revalidate) == Fetched(user, from: .cache(age: .zero, reason: .backendUnreachable)))
            await #expect(throws: StoreError.offline) {
                _ = try await subject.repository.logIn(Credentials(username: subject.username, password: subject.password))
            }
            #expect(try await subject.repository.currentUser(policy: .standard).value == user, "a failed login signed the user out")
        }
    }

    static let clauses = [signIn, wrongPassword, signedOut, logOut, policies, offline]

    /// The clauses each planted mistake must fail, and no others.
    static func catching(_ mistake: FakeAuthRepository.PlantedMistake) -> [ContractClause<AuthRepositoryKind>] {
        switch mistake {
        case .failedLoginSignsOut: [wrongPassword, offline]
        case .logOutTwiceFails: [signedOut, logOut]
        case .forgetsOffline: [offline]
        }
    }
}

@Suite("The AuthRepository contract: the fake and the remote repository over storefront-server", .timeLimit(.minutes(2)))
struct AuthRepositoryContractTests {
    @Test("every repository keeps each clause", arguments: ContractCase.all(AuthRepositoryKind.all, AuthRepositoryContract.clauses))
    func keeps(_ row: ContractCase<AuthRepositoryKind>) async throws {
        try await row.clause.check(row.subject)
    }

    @Test("a mistake planted in the fake fails exactly the clauses that should catch it", arguments: FakeAuthRepository.PlantedMistake.allCases)
    func planted(_ mistake: FakeAuthRepository.PlantedMistake) async {
        let failing = await AuthRepositoryContract.clauses.failing(for: AuthRepositoryKind.fake(planting: mistake))
        #expect(failing == AuthRepositoryContract.catching(mistake).map(\.promise))
    }
}
