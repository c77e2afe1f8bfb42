/// The keys a sealed server holds (PROTOCOL.md section 2, "Keys and rotation"): the
/// current key, which new clients are given, and the previous ones, each accepted
/// until its own time runs out, so clients holding them keep working meanwhile.
public struct PayloadKeyRing: Sendable, Equatable {
    /// One key and the time after which it is no longer accepted.
    public struct Entry: Sendable, Equatable {
        public let key: PayloadKey
        /// Seconds since 1970 (a JWT NumericDate, RFC 7519): accepted while now is
        /// before it. Nil for the current key, which is accepted until it is rotated.
        public let notAfter: Int64?

        public init(key: PayloadKey, notAfter: Int64?) {
            self.key = key
            self.notAfter = notAfter
        }
    }

    /// The current key first, then the previous ones, newest first.
    public let entries: [Entry]

    /// Fails when two keys share an id or the current key has an end: a ring whose
    /// current key can run out would leave the server with nothing to seal with.
    public init(current: PayloadKey, previous: [Entry] = []) throws(CryptoError) {
        let ids = [current.id] + previous.map(\.key.id)
        guard Set(ids).count == ids.count else { throw .malformedKey(reason: "two keys in the ring share an id") }
        entries = [Entry(key: current, notAfter: nil)] + previous
    }

    public var current: PayloadKey { entries[0].key }

    /// The key named `id`, when the ring holds it and its time has not run out at `now`.
    public func acceptedKey(id: String, at now: Int64) -> PayloadKey? {
        guard let entry = entries.first(where: { $0.key.id == id }) else { return nil }
        if let notAfter = entry.notAfter, now >= notAfter { return nil }
        return entry.key
    }

    /// The ring with `fresh` as its current key. The key that was current is kept for
    /// `previousLifetime` seconds more; keys whose time has already run out are dropped,
    /// and a previous key never gains time it did not have.
    public func rotated(to fresh: PayloadKey, previousLifetime: Int64, at now: Int64) throws(CryptoError) -> PayloadKeyRing {
        let retiring = Entry(key: current, notAfter: now + max(0, previousLifetime))
        let older = entries.dropFirst().filter { ($0.notAfter ?? Int64.max) > now }
        let kept = ([retiring] + older).filter { ($0.notAfter ?? Int64.max) > now }
        return try PayloadKeyRing(current: fresh, previous: kept)
    }
}
