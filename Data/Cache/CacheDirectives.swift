import Domain
import HTTPTypes

/// What an answer's `Cache-Control` and `ETag` say about keeping it (RFC 9111, as far
/// as a private, single-user cache needs): how long it is fresh, whether it may be
/// kept at all, and the tag to revalidate it with.
package struct CacheDirectives: Sendable, Equatable {
    /// `max-age`, in seconds, when the answer gave one.
    var maxAge: Int?
    /// `no-cache`: keep it, but ask the backend before every use.
    var noCache = false
    /// `no-store`: do not keep it at all.
    package var noStore = false
    /// The `ETag`, strong or weak, exactly as sent: it goes back unchanged.
    package var etag: String?

    /// The longest an answer counts as fresh, whatever `max-age` says. In sealed mode
    /// headers are not authenticated, and a forged `max-age=31536000` must not stop
    /// the client asking for a year.
    package static let longestFreshness: Duration = .seconds(24 * 3600)

    package init(_ response: HTTPResponse) {
        etag = response.headerFields[.eTag].flatMap { Self.isEntityTag($0) ? $0 : nil }
        for directive in (response.headerFields[.cacheControl] ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts.first.map { String($0).trimmingWhitespace().lowercased() } ?? ""
            switch name {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "max-age":
                // A malformed or negative max-age makes the answer stale (RFC 9111 4.2.1).
                let value = parts.count > 1 ? String(parts[1]).trimmingWhitespace().trimmingQuotes : ""
                maxAge = Int(value).map { max(0, $0) } ?? 0
            default: continue
            }
        }
    }

    /// Whether `text` is an entity-tag as RFC 9110 writes it (`"x"` or `W/"x"`, visible
    /// characters only, no inner quote) and short. Only such a tag is kept: it goes back
    /// in a request header, and a hostile one with control bytes must not ride along.
    package static func isEntityTag(_ text: String) -> Bool {
        let opaque = text.hasPrefix("W/") ? text.dropFirst(2) : Substring(text)
        guard text.utf8.count <= 256, opaque.count >= 2, opaque.hasPrefix("\""), opaque.hasSuffix("\"") else { return false }
        return opaque.dropFirst().dropLast().unicodeScalars.allSatisfy { $0 == "!" || ("#"..."~").contains($0) }
    }

    /// Whether this answer, a 304, renews the kept answer tagged `keptETag` (RFC 9111
    /// section 4.3.4): a strong tag only the answer with that same strong tag, a weak one
    /// any it matches by weak comparison, and no tag nothing. The kept tag stays: a 304
    /// never hands the cache a validator, so a rewritten `If-None-Match` cannot pin an
    /// old answer under a tag of the attacker's choosing.
    package func renews(keptETag: String) -> Bool {
        guard let etag else { return false }
        guard etag.hasPrefix("W/") else { return etag == keptETag }
        return Self.opaqueTag(etag) == Self.opaqueTag(keptETag)
    }

    /// An entity-tag without its weakness mark, for weak comparison (RFC 9110 8.8.3.2).
    private static func opaqueTag(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
    }

    /// How long the answer may be used without asking: `max-age` (at most a day),
    /// nothing when it is absent or `no-cache` / `no-store` is set.
    package var freshness: Duration {
        guard !noCache, !noStore, let maxAge else { return .zero }
        return min(.seconds(maxAge), Self.longestFreshness)
    }
}

private extension String {
    var trimmingQuotes: String {
        count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : self
    }
}
