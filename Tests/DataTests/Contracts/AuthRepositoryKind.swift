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
struct AuthRepositoryKind: ContractImplementation {
    let name: String
    let with: @Sendable (_ body: @Sendable (AuthSubject) async throws -> Void) async throws -> Void

    /// The fake with one account, with a mistake planted or none. It does less than the
    /// remote repository: no tokens, so nothing to refresh (the auth interceptor's suites
    /// hold that).
    static func fake(planting mistake: FakeAuthRepository.PlantedMistake? = nil) -> AuthRepositoryKind {
        AuthRepositoryKind(
            name: mistake.map { "FakeAuthRepository planting \($0)" } ?? "FakeAuthRepository"
        ) { body in
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
