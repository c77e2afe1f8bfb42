#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Infrastructure

/// The key configuration a client took from the gateway's well-known resource, kept in
/// its data folder for the answer's freshness lifetime (`max-age`, at least an hour and
/// at most a day), and what may replace it while it is fresh.
///
/// Key consistency (RFC 9540 section 7, RFC 9458 section 7): a gateway that hands one
/// client a key of its own can tell that client's requests apart. While the kept
/// configuration is fresh the client seals to its key alone: a list fetched again then
/// must still hold that key, as a rotation's does during its overlap (`serve
/// --rotate-key` keeps the old key a day), or it is refused, and a new key first in it
/// is taken only once the kept one's lifetime has passed. The hour's floor keeps a
/// `max-age` of 0 from making every command fetch, and so from letting a gateway move
/// each client to a key of its own at will. The unsealed `ohttp-key` problem, anyone's
/// word, earns one re-fetch a lifetime.
struct KeptGatewayKeys: Codable, Equatable, Sendable {
    /// The well-known URL it came from: kept keys say nothing about another gateway.
    let origin: String
    /// The list as served (`application/ohttp-keys`).
    let list: [UInt8]
    /// Seconds since 1970 until which it is fresh.
    let freshUntil: Int64
    /// Whether this lifetime's one re-fetch for an `ohttp-key` problem was spent.
    let refetched: Bool

    /// The configuration it gives: the first this client can seal to.
    var configuration: ObliviousKeyConfiguration? {
        (try? ObliviousKeyConfiguration.decodeList(list)).flatMap(ObliviousKeyConfiguration.firstUsable)
    }

    func isFresh(for origin: String, at now: Int64) -> Bool {
        self.origin == origin && now < freshUntil
    }

    /// Whether `fetched`, from `origin` at `now`, may replace what is kept.
    func admits(_ fetched: [ObliviousKeyConfiguration], from origin: String, at now: Int64) -> Bool {
        guard isFresh(for: origin, at: now), let kept = configuration else { return true }
        return fetched.contains(kept)
    }

    /// The least time a fetched configuration is kept, whatever its `max-age`.
    static let shortestKeep: Int64 = 3_600

    /// Until when an answer with `maxAge` (nil: none given) fetched at `now` is fresh.
    static func freshUntil(maxAge: Int?, now: Int64) -> Int64 {
        let longest = CacheDirectives.longestFreshness.components.seconds
        return now + min(max(Int64(maxAge ?? 0), shortestKeep), longest)
    }
}
