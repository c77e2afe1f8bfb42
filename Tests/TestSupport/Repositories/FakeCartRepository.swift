import Domain

/// A working in-memory cart, for tests that want `storefront cart` to behave like the
/// store: only a signed-in user's cart, each add adding to what it holds, an unknown
/// product `notFound`; `notSignedIn` when no one is. Every product costs $1.00, with no
/// discount. Taken offline, it answers the cart it last gave from what it kept, saying
/// so, and an add is not sent; an add drops what it kept. It keeps
/// `CartRepositoryContractTests`, which holds it and `RemoteCartRepository` to the same
/// outcomes. It does less than the remote repository: no idempotency keys, as nothing
/// between it and its caller can lose an answer.
public actor FakeCartRepository: CartRepository {
    /// A mistake a hand-written cart double makes, planted on purpose: the contract
    /// suite shows that each one fails the clauses that should catch it.
    public enum PlantedMistake: CaseIterable, Sendable {
        /// Sets a line's quantity to the one added, rather than adding to it.
        case replacesQuantity
        /// Keeps the cart it gave before an add, so a read after it shows the old one.
        case keepsTheOldCart
    }

    private let mistake: PlantedMistake?
    private let products: Set<Int>
    private var quantities: [UserID: [Int: Int]] = [:]
    private var signedIn: UserID?
    private var reachable = true
    private var kept: [UserID: Cart] = [:]

    /// - Parameters:
    ///   - products: the ids of the products the store has.
    ///   - mistake: none, unless a test shows the contract catching it.
    public init(products: Set<Int>, planting mistake: PlantedMistake? = nil) {
        self.products = products
        self.mistake = mistake
    }

    public func signIn(as user: UserID) {
        signedIn = user
    }

    /// From now on the backend cannot be reached.
    public func goOffline() {
        reachable = false
    }

    public func cart(policy: ReadPolicy) async throws(StoreError) -> Fetched<Cart> {
        guard let user = signedIn else { throw .notSignedIn }
        switch (policy, reachable) {
        case (.cacheOnly, _):
            guard let cart = kept[user] else { throw .notCached }
            return Fetched(cart, from: .cache(age: .zero, reason: .offlineRequested))
        case (_, false):
            guard let cart = kept[user] else { throw .offline }
            return Fetched(cart, from: .cache(age: .zero, reason: .backendUnreachable))
        case (_, true):
            let cart = try Self.cart(quantities[user] ?? [:])
            kept[user] = cart
            return Fetched(cart, from: .network)
        }
    }

    public func add(_ product: ProductID, quantity: Quantity) async throws(StoreError) -> Cart {
        guard let user = signedIn else { throw .notSignedIn }
        guard reachable else { throw .notSent(Diagnostic("the fake is offline")) }
        guard products.contains(product.rawValue) else { throw .notFound }
        let before = quantities[user]?[product.rawValue] ?? 0
        quantities[user, default: [:]][product.rawValue] = mistake == .replacesQuantity ? quantity.rawValue : before + quantity.rawValue
        if mistake != .keepsTheOldCart { kept[user] = nil }
        return try Self.cart(quantities[user] ?? [:])
    }

    /// The cart of `quantities` (product id: how many), in product order, at $1.00 each.
    private static func cart(_ quantities: [Int: Int]) throws(StoreError) -> Cart {
        let dollar = Money(minorUnits: 100, currency: .usd)
        do {
            let lines = try quantities.sorted { $0.key < $1.key }.map { id, quantity throws(InvalidInput) in
                let total = Money(minorUnits: 100 * quantity, currency: .usd)
                return try CartLine(productID: ProductID(id), title: "Product \(id)", price: dollar, quantity: quantity, total: total, discountedTotal: total)
            }
            let total = Money(minorUnits: 100 * quantities.values.reduce(0, +), currency: .usd)
            return try Cart(lines: lines, total: total, discountedTotal: total)
        } catch {
            throw .unusableResponse(Diagnostic("\(error)"))
        }
    }
}

/// A `CartRepository` that records each call and answers from a script.
public actor SpyCartRepository: CartRepository {
    public private(set) var reads: [ReadPolicy] = []
    public private(set) var adds: [(product: ProductID, quantity: Quantity)] = []
    private let cart: Result<Fetched<Cart>, StoreError>
    private let added: Result<Cart, StoreError>

    public init(cart: Result<Fetched<Cart>, StoreError>, added: Result<Cart, StoreError>) {
        self.cart = cart
        self.added = added
    }

    public func cart(policy: ReadPolicy) async throws(StoreError) -> Fetched<Cart> {
        reads.append(policy)
        return try cart.get()
    }

    public func add(_ product: ProductID, quantity: Quantity) async throws(StoreError) -> Cart {
        adds.append((product, quantity))
        return try added.get()
    }
}
