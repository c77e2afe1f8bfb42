import Domain
import TestSupport
import Testing

/// What every `CartRepository` must do: only for someone signed in; each add adds to
/// what the cart holds and answers the cart that results, in product order; an unknown
/// product is `notFound` and adds nothing; the cart is read like any read (kept, and
/// standing in when the backend is away), but an add is never answered from what is
/// kept, is not sent when the backend is away, and drops the kept cart it makes stale.
/// Each clause compares the lines (product, quantity) and where the cart came from: the
/// prices are the store's, and the fake's are its own.
enum CartRepositoryContract: ContractClause {
    case signedOut, adds, unknownProduct, offline, addDropsTheKeptCart

    var testDescription: String {
        switch self {
        case .signedOut: "signed out, reading and adding are notSignedIn"
        case .adds: "a cart starts empty; each add adds its quantity and answers the cart, in product order"
        case .unknownProduct: "an unknown product is notFound, and adds nothing"
        case .offline: "with the backend away, the kept cart stands in, saying so, and an add is not sent"
        case .addDropsTheKeptCart: "an add drops the kept cart, so --offline has none until the next read"
        }
    }

    /// How one call ended, as a clause records it.
    enum Outcome: Equatable, Sendable {
        /// The cart's lines as (product id, quantity), and whether it came from the network.
        case cart([Line], fromNetwork: Bool)
        /// The error's case, without what it carries (a diagnostic is each one's own).
        case failed(String)
    }

    struct Line: Equatable, Sendable {
        let id: Int
        let quantity: Int

        init(_ id: Int, _ quantity: Int) {
            (self.id, self.quantity) = (id, quantity)
        }
    }

    func seen(in subject: CartSubject) async throws -> [Outcome] {
        let repository = subject.repository
        let read = { @Sendable (policy: ReadPolicy) async -> Outcome in
            await Self.outcome { () async throws(StoreError) in try await repository.cart(policy: policy) }
        }
        let add = { @Sendable (id: Int, quantity: Int) async -> Outcome in
            await Self.outcome { () async throws(StoreError) in
                let (product, amount) = try Self.made { () throws(InvalidInput) in (try ProductID(id), try Quantity(quantity)) }
                return Fetched(try await repository.add(product, quantity: amount), from: .network)
            }
        }
        switch self {
        case .signedOut:
            return [await read(.standard), await add(1, 1)]
        case .adds:
            try await subject.signIn()
            return [await read(.standard), await add(3, 2), await add(1, 1), await add(3, 1), await read(.standard)]
        case .unknownProduct:
            try await subject.signIn()
            return [await add(999, 1), await read(.standard)]
        case .offline:
            try await subject.signIn()
            let before = [await add(2, 1), await read(.standard)]
            await subject.goOffline()
            return before + [await read(.standard), await add(2, 1)]
        case .addDropsTheKeptCart:
            try await subject.signIn()
            return [await read(.standard), await add(2, 1), await read(.cacheOnly), await read(.standard), await read(.cacheOnly)]
        }
    }

    func expected(for subject: CartSubject) -> [Outcome] {
        switch self {
        case .signedOut: [.failed("notSignedIn"), .failed("notSignedIn")]
        case .adds: [
            .cart([], fromNetwork: true), .cart([Line(3, 2)], fromNetwork: true), .cart([Line(1, 1), Line(3, 2)], fromNetwork: true),
            .cart([Line(1, 1), Line(3, 3)], fromNetwork: true), .cart([Line(1, 1), Line(3, 3)], fromNetwork: true),
        ]
        case .unknownProduct: [.failed("notFound"), .cart([], fromNetwork: true)]
        case .offline: [
            .cart([Line(2, 1)], fromNetwork: true), .cart([Line(2, 1)], fromNetwork: true), .cart([Line(2, 1)], fromNetwork: false), .failed("notSent"),
        ]
        case .addDropsTheKeptCart: [
            .cart([], fromNetwork: true), .cart([Line(2, 1)], fromNetwork: true), .failed("notCached"),
            .cart([Line(2, 1)], fromNetwork: true), .cart([Line(2, 1)], fromNetwork: false),
        ]
        }
    }

    private static func outcome(_ call: () async throws(StoreError) -> Fetched<Cart>) async -> Outcome {
        do {
            let fetched = try await call()
            return .cart(fetched.value.lines.map { Line($0.productID.rawValue, $0.quantity) }, fromNetwork: fetched.origin == .network)
        } catch {
            return .failed(String(String(describing: error).prefix { $0 != "(" }))
        }
    }

    private static func made<Value>(_ make: () throws(InvalidInput) -> Value) throws(StoreError) -> Value {
        do {
            return try make()
        } catch {
            throw .invalidInput(error)
        }
    }
}

@Suite("The CartRepository contract: the fake and the remote repository over storefront-server", .timeLimit(.minutes(2)))
struct CartRepositoryContractTests {
    @Test("every cart repository keeps each clause", arguments: CartRepositoryKind.all, CartRepositoryContract.allCases)
    func keeps(kind: CartRepositoryKind, clause: CartRepositoryContract) async throws {
        try await kind.with { try await clause.expectKept(by: $0) }
    }

    @Test("a mistake planted in the fake is seen by exactly the clauses that name it", arguments: FakeCartRepository.PlantedMistake.allCases)
    func planted(mistake: FakeCartRepository.PlantedMistake) async throws {
        let catching: [CartRepositoryContract] = switch mistake {
        case .replacesQuantity: [.adds]
        case .keepsTheOldCart: [.addDropsTheKeptCart]
        }
        #expect(try await CartRepositoryContract.broken(making: CartRepositoryKind.fake(planting: mistake).with) == catching)
    }
}
