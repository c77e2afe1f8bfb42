import Backend

/// The reference the stores are measured against: the backend's state in an actor's
/// dictionaries, as the backend kept it before it had a database (lost at every
/// restart, and one per process). The same operations as the stores, nothing more.
actor InMemoryBackendStore: BackendStore {
    private var tokens: [[UInt8]: (kind: TokenKind, userID: Int, expires: Int64, family: [UInt8], spent: Bool)] = [:]
    private var replays: [[UInt8]: Int64] = [:]
    private var carts: [Int: [Int: Int]] = [:]
    private var keys: [String: (fingerprint: [UInt8], answer: [CartLineRecord], expires: Int64)] = [:]

    func keep(_ pair: TokenPairRecord, userID: Int, family: [UInt8]) throws(BackendStoreFailure) {
        guard tokens[pair.accessDigest] == nil, tokens[pair.refreshDigest] == nil else { throw BackendStoreFailure("kept already") }
        tokens[pair.accessDigest] = (.access, userID, pair.accessExpires, family, false)
        tokens[pair.refreshDigest] = (.refresh, userID, pair.refreshExpires, family, false)
    }

    func access(_ digest: [UInt8]) -> AccessTokenRecord? {
        guard let token = tokens[digest], token.kind == .access else { return nil }
        return AccessTokenRecord(userID: token.userID, expires: token.expires)
    }

    func rotate(refresh digest: [UInt8], now: Int64, into pair: TokenPairRecord) throws(BackendStoreFailure) -> Rotation {
        guard let token = tokens[digest], token.kind == .refresh else { return .unknown }
        if token.spent {
            revoke(digest)
            return .reused
        }
        guard token.expires > now else { return .unknown }
        try keep(pair, userID: token.userID, family: token.family)
        tokens[digest]?.spent = true
        return .rotated(userID: token.userID)
    }

    func revoke(_ digest: [UInt8]) {
        guard let family = tokens[digest]?.family else { return }
        tokens = tokens.filter { $0.value.family != family }
    }

    func admit(_ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare) -> Admission {
        if let remembered = replays[enc], remembered >= now { return .replayed }
        replays[enc] = expiry
        return .admitted
    }

    func cart(of userID: Int) -> [CartLineRecord] {
        (carts[userID] ?? [:]).sorted { $0.key < $1.key }.map { CartLineRecord(productID: $0.key, quantity: $0.value) }
    }

    func add(_ addition: CartAddition, now: Int64) -> CartWrite {
        let name = "\(addition.userID) \(addition.key)"
        if let kept = keys[name], kept.expires >= now {
            return kept.fingerprint == addition.fingerprint ? .answeredBefore(kept.answer) : .keyReused
        }
        for line in addition.lines {
            carts[addition.userID, default: [:]][line.productID, default: 0] += line.quantity
        }
        keys[name] = (addition.fingerprint, cart(of: addition.userID), addition.keptUntil)
        return .added(cart(of: addition.userID))
    }

    func sweep(now: Int64) {
        tokens = tokens.filter { $0.value.expires >= now - 86_400 }
        replays = replays.filter { $0.value >= now }
        keys = keys.filter { $0.value.expires >= now }
    }

    func close() {}
}
