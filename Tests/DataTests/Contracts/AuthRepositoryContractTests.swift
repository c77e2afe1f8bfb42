import Domain
import TestSupport
import Testing

/// What every `AuthRepository` must do: the outcomes of logging in, asking who is signed
/// in (under each policy, and with the backend away) and logging out.
///
/// A token's refresh is not seen at this seam: it happens under the repository, in the
/// auth interceptor, whose own suites hold it (`AuthInterceptorTests`, the parallel
/// refresh of real processes in `ParallelRefreshTests`). A fake has no tokens to renew;
/// what the contract asks is the outcome a caller sees, `revalidate` answering from
/// the backend.
///
/// Each clause is what it sees of a repository (`seen(in:)`) beside what it must see
/// (`expected(for:)`).
enum AuthRepositoryContract: ContractClause {
    case signIn, wrongPassword, signedOut, logOut, policies, offline

    var testDescription: String {
        switch self {
        case .signIn: "the right password signs in: that user, and currentUser is them, from the network"
        case .wrongPassword: "a wrong password or an unknown user is invalidCredentials, and the earlier sign-in stays"
        case .signedOut: "signed out, currentUser is notSignedIn under every policy, and logOut succeeds"
        case .logOut: "logOut ends the session at the store and forgets the user, even under cacheOnly; a second logOut succeeds"
        case .policies: "cacheOnly gives the user kept at login, saying offline was asked for; revalidate asks the backend"
        case .offline: "with the backend away: currentUser is the kept user, saying so; logging in is offline"
        }
    }

    /// How one call ended, as a clause records it.
    enum Outcome: Equatable, Sendable {
        /// A login signed in the user of this name.
        case signedIn(username: String)
        /// `currentUser` gave the very user the clause's login gave, from here.
        case userSignedIn(from: Origin)
        /// `currentUser` gave another user.
        case otherUser(username: String, from: Origin)
        /// A logOut that came back, with what the store did.
        case loggedOut(SessionEnding)
        case failed(StoreError)
    }

    /// What calling `subject`'s repository shows of this promise.
    func seen(in subject: AuthSubject) async throws -> [Outcome] {
        let repository = subject.repository
        let right = try Credentials(username: subject.username, password: subject.password)
        func logIn(_ credentials: Credentials) async -> Outcome {
            do { return .signedIn(username: try await repository.logIn(credentials).username) } catch { return .failed(error) }
        }
        func currentUser(_ policy: ReadPolicy, signedIn user: User?) async -> Outcome {
            do {
                let current = try await repository.currentUser(policy: policy)
                return current.value == user ? .userSignedIn(from: current.origin) : .otherUser(username: current.value.username, from: current.origin)
            } catch {
                return .failed(error)
            }
        }
        func logOut() async -> Outcome {
            do { return .loggedOut(try await repository.logOut()) } catch { return .failed(error) }
        }
        switch self {
        case .signIn:
            let user = try await repository.logIn(right)
            return [.signedIn(username: user.username), await currentUser(.standard, signedIn: user)]
        case .wrongPassword:
            let user = try await repository.logIn(right)
            return [
                await logIn(try Credentials(username: subject.username, password: subject.password + "x")),
                await logIn(try Credentials(username: "nobody-here", password: subject.password)),
                await currentUser(.standard, signedIn: user),
            ]
        case .signedOut:
            return [
                await currentUser(.standard, signedIn: nil), await currentUser(.cacheOnly, signedIn: nil),
                await currentUser(.revalidate, signedIn: nil), await logOut(),
            ]
        case .logOut:
            let user = try await repository.logIn(right)
            return [await logOut(), await currentUser(.standard, signedIn: user), await currentUser(.cacheOnly, signedIn: user), await logOut()]
        case .policies:
            let user = try await repository.logIn(right)
            return [await currentUser(.cacheOnly, signedIn: user), await currentUser(.revalidate, signedIn: user)]
        case .offline:
            let user = try await repository.logIn(right)
            await subject.goOffline()
            return [await currentUser(.revalidate, signedIn: user), await logIn(right), await currentUser(.standard, signedIn: user)]
        }
    }

    /// What this promise says a repository knowing `subject`'s account must show.
    func expected(for subject: AuthSubject) -> [Outcome] {
        let unreachable = Outcome.userSignedIn(from: .cache(age: .zero, reason: .backendUnreachable))
        return switch self {
        case .signIn: [.signedIn(username: subject.username), .userSignedIn(from: .network)]
        case .wrongPassword: [.failed(.invalidCredentials), .failed(.invalidCredentials), .userSignedIn(from: .network)]
        case .signedOut: [.failed(.notSignedIn), .failed(.notSignedIn), .failed(.notSignedIn), .loggedOut(.noSession)]
        // The store ended the session, and a second logOut had none to end.
        case .logOut: [.loggedOut(.ended), .failed(.notSignedIn), .failed(.notSignedIn), .loggedOut(.noSession)]
        case .policies: [.userSignedIn(from: .cache(age: .zero, reason: .offlineRequested)), .userSignedIn(from: .network)]
        // The last read: a failed login signed no one out.
        case .offline: [unreachable, .failed(.offline), unreachable]
        }
    }

}

@Suite("The AuthRepository contract: the fake and the remote repository over storefront-server", .timeLimit(.minutes(2)))
struct AuthRepositoryContractTests {
    @Test("every repository keeps each clause", arguments: AuthRepositoryKind.all, AuthRepositoryContract.allCases)
    func keeps(kind: AuthRepositoryKind, clause: AuthRepositoryContract) async throws {
        try await kind.with { try await clause.expectKept(by: $0) }
    }

    @Test("a mistake planted in the fake is seen by exactly the clauses that name it", arguments: FakeAuthRepository.PlantedMistake.allCases)
    func planted(mistake: FakeAuthRepository.PlantedMistake) async throws {
        let catching: [AuthRepositoryContract] = switch mistake {
        case .failedLoginSignsOut: [.wrongPassword, .offline]
        case .logOutTwiceFails: [.signedOut, .logOut]
        case .forgetsOffline: [.offline]
        }
        #expect(try await AuthRepositoryContract.broken(making: AuthRepositoryKind.fake(planting: mistake).with) == catching)
    }
}
