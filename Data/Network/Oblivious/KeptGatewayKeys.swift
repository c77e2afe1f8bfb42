#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Infrastructure

/// The key configuration a client took from the gateway's well-known resource, kept in
/// its data folder for the answer's freshness lifetime (`max-age`, at most a day, as
/// for any kept answer), and what may replace it while it is fresh.
///
/// Key consistency (RFC 9540 section 7, RFC 9458 section 7): a gateway that hands one
/// client a key of its own can tell that client's requests apart. A configuration
/// fetched while the kept one is fresh is taken only when it still lists the kept key,
/// as a rotation does during its overlap (`serve --rotate-key`); any other is refused.
/// The unsealed `ohttp-key` problem, anyone's word, earns one re-fetch a lifetime.
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

    /// Until when an answer with `maxAge` (nil: none given) fetched at `now` is fresh.
    static func freshUntil(maxAge: Int?, now: Int64) -> Int64 {
        now + Int64(min(maxAge ?? 0, Int(CacheDirectives.longestFreshness.components.seconds)))
    }
}
