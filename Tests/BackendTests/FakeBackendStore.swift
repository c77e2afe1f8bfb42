@testable import Backend

/// The backend's store in memory, for tests of the logic above it (the service, the
/// gateway) that need no database. `BackendStoreContractTests` holds it to what
/// `SQLiteBackendStore` does, clause by clause; `failing` makes every call fail, as a
/// database that cannot be reached does.
actor FakeBackendStore: BackendStore {
    /// A mistake a hand-written store makes, which the contract must catch.
    ///
    /// Between the look and the act it waits for a second caller to have looked too, so
    /// the race it loses is played out whatever the scheduler does (a bare suspension
    /// lost no race on a busy machine, where the callers ran one after another). Only
    /// for a test with more than one caller: a lone caller would wait for ever.
    enum PlantedMistake: Sendable {
        /// Looks the token up, then spends it, as two statements without a transaction
        /// would: a caller in between spends it too.
        case looksThenSpends
        /// Looks the request up, then records it.
        case looksThenAdmits
        /// Spends a refresh token, then keeps the new pair, as two statements without a
        /// transaction would: a pair that cannot be kept leaves the token spent.
        case spendsThenKeeps
        /// Looks the idempotency key up, then adds to the cart and keeps the key.
        case looksThenAdds
    }

    /// The first caller between its look and its act, until a second arrives.
    private var firstToLook: CheckedContinuation<Void, Never>?

    private func meetAnotherCaller() async {
        if let first = firstToLook {
            firstToLook = nil
            first.resume()
            return
        }
        await withCheckedContinuation { firstToLook = $0 }
    }

    private var tokens: [[UInt8]: (kind: TokenKind, userID: Int, expires: Int64, family: [UInt8], spent: Bool)] = [:]
    private var replays: [[UInt8]: (expires: Int64, share: ReplayShare)] = [:]
    private var carts: [Int: [Int: Int]] = [:]
    private var keys: [KeyName: (fingerprint: [UInt8], answer: [CartLineRecord], expires: Int64)] = [:]

    /// An idempotency key, whose user it came from.
    private struct KeyName: Hashable {
        let userID: Int
        let key: String
    }
    private let failing: Bool
    private let mistake: PlantedMistake?
    private let capacity: Int

    init(failing: Bool = false, capacity: Int = SQLiteBackendStore.defaultCapacity, planting mistake: PlantedMistake? = nil) {
        self.failing = failing
        self.capacity = capacity
        self.mistake = mistake
    }

    private func reachable() throws(BackendStoreFailure) {
        if failing { throw BackendStoreFailure("the fake store is down") }
    }

    func keep(_ pair: TokenPairRecord, userID: Int, family: [UInt8]) throws(BackendStoreFailure) {
        try reachable()
        try keepChecked(pair, userID: userID, family: family)
    }

    /// Both tokens of `pair`, or neither when either digest is kept already.
    private func keepChecked(_ pair: TokenPairRecord, userID: Int, family: [UInt8]) throws(BackendStoreFailure) {
        guard tokens[pair.accessDigest] == nil, tokens[pair.refreshDigest] == nil, pair.accessDigest != pair.refreshDigest else {
            throw BackendStoreFailure("a token kept twice")
        }
        tokens[pair.accessDigest] = (.access, userID, pair.accessExpires, family, false)
        tokens[pair.refreshDigest] = (.refresh, userID, pair.refreshExpires, family, false)
    }

    func access(_ digest: [UInt8]) throws(BackendStoreFailure) -> AccessTokenRecord? {
        try reachable()
        guard let token = tokens[digest], token.kind == .access else { return nil }
        return AccessTokenRecord(userID: token.userID, expires: token.expires)
    }

    func rotate(refresh digest: [UInt8], now: Int64, into pair: TokenPairRecord) async throws(BackendStoreFailure) -> Rotation {
        try reachable()
        guard let token = tokens[digest], token.kind == .refresh else { return .unknown }
        if token.spent {
            end(family: token.family)
            return .reused
        }
        guard token.expires > now else { return .unknown }
        if mistake == .looksThenSpends { await meetAnotherCaller() }
        tokens[digest]?.spent = true
        do {
            try keepChecked(pair, userID: token.userID, family: token.family)
        } catch {
            if mistake != .spendsThenKeeps { tokens[digest] = token }
            throw error
        }
        return .rotated(userID: token.userID)
    }

    func revoke(_ digest: [UInt8]) throws(BackendStoreFailure) {
        try reachable()
        guard let token = tokens[digest] else { return }
        end(family: token.family)
    }

    private func end(family: [UInt8]) {
        tokens = tokens.filter { $0.value.family != family }
    }

    func admit(_ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare) async throws(BackendStoreFailure) -> Admission {
        try reachable()
        if let kept = replays[enc], kept.expires >= now { return .replayed }
        let limit = ReplayCapacity(limit: capacity).limit(of: share)
        guard replays.values.count(where: { $0.share == share }) < limit else { return .full }
        if mistake == .looksThenAdmits { await meetAnotherCaller() }
        replays[enc] = (expiry, share)
        return .admitted
    }

    func cart(of userID: Int) throws(BackendStoreFailure) -> [CartLineRecord] {
        try reachable()
        return lines(of: userID)
    }

    private func lines(of userID: Int) -> [CartLineRecord] {
        (carts[userID] ?? [:]).sorted { $0.key < $1.key }.map { CartLineRecord(productID: $0.key, quantity: $0.value) }
    }

    func add(_ addition: CartAddition, now: Int64) async throws(BackendStoreFailure) -> CartWrite {
        try reachable()
        let name = KeyName(userID: addition.userID, key: addition.key)
        if let kept = keys[name], kept.expires >= now {
            return kept.fingerprint == addition.fingerprint ? .answeredBefore(kept.answer) : .keyReused
        }
        if mistake == .looksThenAdds { await meetAnotherCaller() }
        for line in addition.lines {
            carts[addition.userID, default: [:]][line.productID, default: 0] += line.quantity
        }
        let cart = lines(of: addition.userID)
        keys[name] = (addition.fingerprint, cart, addition.keptUntil)
        return .added(cart)
    }

    func sweep(now: Int64) throws(BackendStoreFailure) {
        try reachable()
        tokens = tokens.filter { $0.value.expires >= (now - ($0.value.kind == .access ? 86_400 : 0)) }
        replays = replays.filter { $0.value.expires >= now }
        keys = keys.filter { $0.value.expires >= now }
    }

    func close() {}

    /// How many rows each table holds, for the sweep's clause.
    func counts() -> (tokens: Int, replays: Int, keys: Int) {
        (tokens.count, replays.count, keys.count)
    }
}
