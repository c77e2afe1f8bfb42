/// Whom a request is for (PROTOCOL.md, "Whom the store answers for"). The store is an
/// origin, never a proxy: it answers only for the origin it was reached at, `http` or
/// `https` and the authority of the `Host` that reached it. A request that names another,
/// in a target in absolute form (RFC 9112 section 3.2.2) or inside a sealed request (its
/// scheme, its `:authority`, a `host` field), is answered 421 Misdirected Request (RFC
/// 9110 section 15.5.20). Where a request names no authority (a target in origin form, an
/// empty `:authority` with no `host` field), it is the store's own.
enum RequestTarget {
    /// Whether a plain request's `target` is in absolute form for another origin than `host`.
    static func isMisdirected(_ target: String, host: String?) -> Bool {
        guard let (scheme, authority) = absoluteForm(target) else { return false }
        return isMisdirected(scheme: scheme, authorities: [authority], reachedAs: host)
    }

    /// Whether a request for `scheme` that names `authorities` is for another origin than
    /// the one reached as `host`: a scheme other than `http` or `https`, or any authority
    /// other than `host`, ignoring case and the scheme's default port (RFC 3986 sections
    /// 6.2.2.1 and 6.2.3).
    static func isMisdirected(scheme: String, authorities: [String], reachedAs host: String?) -> Bool {
        let scheme = scheme.lowercased()
        guard scheme == "http" || scheme == "https" else { return true }
        let reached = host.map { normalized($0, scheme: scheme) }
        return authorities.contains { normalized($0, scheme: scheme) != reached }
    }

    /// The answer to a misdirected request, plain or sealed.
    static func misdirected() -> StoreResponse {
        message(421, "This server does not answer for the authority the request names")
    }

    private static func normalized(_ authority: String, scheme: String) -> String {
        var authority = authority.lowercased()
        for suffix in [":", scheme == "https" ? ":443" : ":80"] where authority.hasSuffix(suffix) {
            authority.removeLast(suffix.count)
        }
        return authority
    }

    /// The scheme and authority, without user information, of a target in absolute form;
    /// nil for any other form.
    private static func absoluteForm(_ target: String) -> (scheme: String, authority: String)? {
        guard let separator = target.range(of: "://") else { return nil }
        let scheme = target[..<separator.lowerBound]
        guard let first = scheme.first, first.isLetter, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        let rest = target[separator.upperBound...]
        let authority = rest.prefix { !"/?#".contains($0) }
        return (String(scheme), String(authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority))
    }
}
