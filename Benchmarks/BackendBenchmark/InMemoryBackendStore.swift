import Backend

/// The reference the stores are measured against: the backend's state in an actor's
/// dictionaries, as the backend kept it before it had a database (lost at every
/// restart, and one per process). The same operations as the stores, nothing more.
actor InMemoryBackendStore: BackendStore {
    private var tokens: [[UInt8]: (kind: TokenKind, userID: Int, expires: Int64)] = [:]
    private var replays: [[UInt8]: Int64] = [:]

    func keep(_ digest: [UInt8], kind: TokenKind, userID: Int, expires: Int64) throws(BackendStoreFailure) {
        guard tokens[digest] == nil else { throw BackendStoreFailure("kept already") }
        tokens[digest] = (kind, userID, expires)
    }

    func access(_ digest: [UInt8]) -> (userID: Int, expires: Int64)? {
        guard let token = tokens[digest], token.kind == .access else { return nil }
        return (token.userID, token.expires)
    }

    func spend(refresh digest: [UInt8], now: Int64) -> Int? {
        guard let token = tokens[digest], token.kind == .refresh, token.expires > now else { return nil }
        tokens[digest] = nil
        return token.userID
    }

    func admit(_ enc: [UInt8], until expiry: Int64, now: Int64, share: ReplayShare) -> Admission {
        if let remembered = replays[enc], remembered >= now { return .replayed }
        replays[enc] = expiry
        return .admitted
    }

    func sweep(now: Int64) {
        tokens = tokens.filter { $0.value.expires >= now - 86_400 }
        replays = replays.filter { $0.value >= now }
    }

    func close() {}
}
