/// The keys an Oblivious HTTP gateway holds (PROTOCOL.md section 2, "Keys and
/// rotation"): the current key, whose configuration new clients are given, and the
/// previous ones, each accepted until its own end, so clients still holding an older
/// configuration keep working meanwhile.
public struct GatewayKeyRing: Sendable {
    /// One key and the time after which it no longer opens anything.
    public struct Entry: Sendable {
        public let key: ObliviousGatewayKey
        /// Seconds since 1970 (a JWT NumericDate, RFC 7519); nil for the current key.
        public let notAfter: Int64?

        public init(key: ObliviousGatewayKey, notAfter: Int64?) {
            self.key = key
            self.notAfter = notAfter
        }
    }

    /// The current key first, then the previous ones, newest first.
    public let entries: [Entry]

    /// Fails when two keys share an id (a request names its key by the id alone).
    public init(current: ObliviousGatewayKey, previous: [Entry] = []) throws(ObliviousHTTPError) {
        let ids = [current.configuration.keyID] + previous.map(\.key.configuration.keyID)
        guard Set(ids).count == ids.count else { throw .malformed("two keys in the ring share the id") }
        entries = [Entry(key: current, notAfter: nil)] + previous
    }

    public var current: ObliviousGatewayKey { entries[0].key }

    /// What clients are given (`application/ohttp-keys`): every key still accepted at
    /// `now`, the current one first, as RFC 9540's well-known resource serves them.
    public func configurations(at now: Int64) -> [ObliviousKeyConfiguration] {
        entries.filter { ($0.notAfter ?? .max) > now }.map(\.key.configuration)
    }

    /// The key named `id`, while the ring holds it and its time has not run out.
    public func acceptedKey(id: UInt8, at now: Int64) -> ObliviousGatewayKey? {
        guard let entry = entries.first(where: { $0.key.configuration.keyID == id }) else { return nil }
        if let notAfter = entry.notAfter, now >= notAfter { return nil }
        return entry.key
    }

    /// A fresh key with the next free id (after the current one's, wrapping past 255).
    public static func freshKey(after ring: GatewayKeyRing?) throws(ObliviousHTTPError) -> ObliviousGatewayKey {
        let taken = Set(ring?.entries.map(\.key.configuration.keyID) ?? [])
        let start = ring.map { Int($0.current.configuration.keyID) + 1 } ?? 1
        guard let id = (0..<256).lazy.map({ UInt8((start + $0) % 256) }).first(where: { !taken.contains($0) }) else {
            throw .malformed("every key id is in use")
        }
        do {
            let privateKey = try X25519PrivateKey.generate()
            return ObliviousGatewayKey(configuration: ObliviousKeyConfiguration(keyID: id, publicKey: privateKey.publicKey), privateKey: privateKey)
        } catch {
            throw .crypto(error)
        }
    }

    /// The ring with a fresh current key. The key that was current is kept for
    /// `previousLifetime` seconds more; keys whose time has run out are dropped.
    public func rotated(previousLifetime: Int64, at now: Int64) throws(ObliviousHTTPError) -> GatewayKeyRing {
        let retiring = Entry(key: current, notAfter: now + max(0, previousLifetime))
        let kept = ([retiring] + entries.dropFirst()).filter { ($0.notAfter ?? .max) > now }
        return try GatewayKeyRing(current: try Self.freshKey(after: self), previous: kept)
    }
}
