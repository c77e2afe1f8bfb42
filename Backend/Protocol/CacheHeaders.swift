import Infrastructure

/// PROTOCOL.md's caching headers, as the reference backend sends them: how long a
/// client may reuse an answer, and the tag that lets it ask "has this changed?".
enum CacheHeaders {
    /// Catalogue answers (searches, products): the same for a while, for everyone.
    /// `private` because they sit under `/auth/`: a shared cache must not keep them.
    static let catalogue = "private, max-age=30"
    /// Per-user answers (`/auth/me`): kept, but checked with the backend every time.
    static let perUser = "private, no-cache"
}

extension StoreResponse {
    /// This answer with `Cache-Control` and a strong `ETag` (a digest of the plain body,
    /// so it is the same whatever nonce seals it). Only a 200 is marked: an error is
    /// never something to reuse.
    func cacheable(_ cacheControl: String) -> StoreResponse {
        guard status == 200, let digest = try? SHA256.hexDigest(of: body) else { return self }
        var marked = self
        marked.headers["Cache-Control"] = cacheControl
        marked.headers["ETag"] = "\"\(digest.prefix(32))\""
        return marked
    }

    /// `304 Not Modified`, with no body, when the request's `If-None-Match` names this
    /// answer's tag; otherwise the answer itself. RFC 9110 compares tags weakly here,
    /// so `W/"x"` matches `"x"`.
    func answering(conditional request: StoreRequest) -> StoreResponse {
        guard status == 200, let tag = headers["ETag"], let condition = request.header("If-None-Match") else { return self }
        let asked = condition.split(separator: ",").map { $0.trimmingWhitespace() }
        guard asked.contains("*") || asked.contains(where: { Self.opaque($0) == Self.opaque(Substring(tag)) }) else { return self }
        var headers = headers
        headers["Content-Type"] = nil
        return StoreResponse(status: 304, body: [], headers: headers)
    }

    private static func opaque(_ tag: Substring) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
    }
}

private extension Substring {
    func trimmingWhitespace() -> Substring {
        var text = self
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return text
    }
}
