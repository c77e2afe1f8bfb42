import Domain

/// What an answer's `Cache-Control` and `ETag` say about keeping it (RFC 9111, as far
/// as a private, single-user cache needs): how long it is fresh, whether it may be
/// kept at all, and the tag to revalidate it with.
struct CacheDirectives: Sendable, Equatable {
    /// `max-age`, in seconds, when the answer gave one.
    var maxAge: Int?
    /// `no-cache`: keep it, but ask the backend before every use.
    var noCache = false
    /// `no-store`: do not keep it at all.
    var noStore = false
    /// The `ETag`, strong or weak, exactly as sent: it goes back unchanged.
    var etag: String?

    /// The longest an answer counts as fresh, whatever `max-age` says. In sealed mode
    /// headers are not authenticated, and a forged `max-age=31536000` must not stop
    /// the client asking for a year.
    static let longestFreshness: Duration = .seconds(24 * 3600)

    init(maxAge: Int? = nil, noCache: Bool = false, noStore: Bool = false, etag: String? = nil) {
        self.maxAge = maxAge
        self.noCache = noCache
        self.noStore = noStore
        self.etag = etag
    }

    init(_ response: HTTPResponse) {
        etag = response.header("ETag").flatMap { $0.isEmpty ? nil : $0 }
        for directive in (response.header("Cache-Control") ?? "").split(separator: ",") {
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

    /// How long the answer may be used without asking: `max-age` (at most a day),
    /// nothing when it is absent or `no-cache` / `no-store` is set.
    var freshness: Duration {
        guard !noCache, !noStore, let maxAge else { return .zero }
        return min(.seconds(maxAge), Self.longestFreshness)
    }
}

private extension String {
    var trimmingQuotes: String {
        count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : self
    }
}
