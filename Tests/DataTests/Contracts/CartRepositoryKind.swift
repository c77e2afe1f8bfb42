import Data
import Domain
import Foundation
import TestSupport

/// A cart repository as a clause sees it: the repository, and how to sign in and take
/// the backend away.
struct CartSubject: Sendable {
    let repository: any CartRepository
    let signIn: @Sendable () async throws -> Void
    let goOffline: @Sendable () async -> Void
}

/// One cart repository the contract runs over. Yours joins by being added to `all`.
struct CartRepositoryKind: ContractImplementation {
    let name: String
    let with: @Sendable (_ body: @Sendable (CartSubject) async throws -> Void) async throws -> Void

    /// Every cart repository the contract runs over: the fake, and the real one.
    static let all: [CartRepositoryKind] = [.fake(), .remote]

    /// The fake, with products 1 to 12; with a mistake planted, or none.
    static func fake(planting mistake: FakeCartRepository.PlantedMistake? = nil) -> CartRepositoryKind {
        CartRepositoryKind(name: mistake.map { "FakeCartRepository planting \($0)" } ?? "FakeCartRepository") { body in
            let repository = FakeCartRepository(products: Set(1...12), planting: mistake)
            try await body(CartSubject(
                repository: repository, signIn: { await repository.signIn(as: UserID(1)) }, goOffline: { await repository.goOffline() }
            ))
        }
    }

    /// The real repository against a loopback `storefront-server` of 12 products, signed
    /// in as `emilys`, its write keys in a folder of its own.
    static let remote = CartRepositoryKind(name: "RemoteCartRepository") { body in
        try await RemoteStack.with(productCount: 12) { stack in
            let folder = try TemporaryDirectory()
            let repository = RemoteCartRepository(client: stack.client, pendingWrites: PendingWriteKeys(directory: folder.file("writes"), clock: stack.clock))
            try await body(CartSubject(
                repository: repository,
                signIn: { _ = try await stack.accounts.logIn(Credentials(username: "emilys", password: "emilyspass")) },
                goOffline: { await stack.goOffline() }
            ))
        }
    }
}
