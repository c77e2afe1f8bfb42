import Domain
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The store client's cache rules, as pure functions over values: what is kept and what
/// the backend said (`CacheDirectives`, below: the policy's reading of the headers, kept
/// in this file because only the policy acts on them) go in, what to do comes out. Nothing here reads a file, a clock or
/// the network; `StoreClient.read` is the shell that does, and `CachePolicyTests` holds
/// every rule in one table, each row citing its section. The rules:
///
/// 1. Fresh (RFC 9111 §4.2, `max-age`, at most a day): answered from what is kept,
///    without a request. That is what `max-age` is for: a repeated command is instant.
/// 2. Stale, or `--refresh`: asked, with `If-None-Match` when the kept answer has an
///    `ETag` (§4.3.1).
/// 3. A 304 renews only the kept answer its own `ETag` selects, under the tag it was
///    kept with (§4.3.4): a 304 never hands the cache a validator, so a rewritten
///    `If-None-Match` cannot pin an old answer under a tag of an attacker's choosing.
///    A 304 to a request that held no validator is an unusable answer.
/// 4. A new answer the domain accepted is kept with its freshness and tag (§3);
///    `no-store` keeps nothing and drops what was kept (§5.2.2.5); with no one signed in
///    nothing is kept (answers belong to a user: `CacheOwner`).
/// 5. Stale-if-error (RFC 5861 §4, RFC 9111 §4.2.4): when the backend cannot be reached,
///    asks to wait longer than a command waits, or fails with a 5xx, the kept answer
///    stands in, however old, and says why. A refusal (404, an ended session) never.
/// 6. `--offline` (§5.2.1.7, `only-if-cached`): the kept answer however old, or
///    "not cached"; the backend is never asked.
///
/// Which answer the domain accepts is not decided here: the shell validates before it
/// asks `afterAnswer`, so a refused answer never replaces an accepted one.
enum CachePolicy {
    /// A kept answer as the rules see it: its age, what the backend said about reusing
    /// it, and whatever the caller needs back to answer with it (`payload`).
    struct Kept<Payload> {
        var age: Duration
        var validity: CacheValidity
        var payload: Payload
    }

    /// What to do before the backend is asked.
    enum BeforeAsking<Payload> {
        /// Answer with the kept answer, for this reason; nothing is sent.
        case answer(Kept<Payload>, CacheReason)
        /// Fail without sending.
        case fail(StoreError)
        /// Send the request, conditional on `ifNoneMatch` when there is one.
        case ask(ifNoneMatch: String?)
    }

    /// What came back from the backend, as the rules see it.
    enum Answer<Payload> {
        /// Any failure, already the `StoreError` it means.
        case failed(StoreError)
        /// A 304, with what its headers said.
        case notModified(CacheDirectives)
        /// A 2xx that decoded and that the domain accepted, with what its headers said.
        case accepted(Payload, CacheDirectives)

        /// The failure, when the backend's answer was one.
        var failure: StoreError? {
            guard case .failed(let error) = self else { return nil }
            return error
        }
    }

    /// What to do once the backend answered.
    enum AfterAnswer<Payload> {
        /// Answer with the new answer, and keep it with this validity.
        case store(Payload, CacheValidity)
        /// Answer with the new answer, and drop what was kept (`no-store`).
        case drop(Payload)
        /// Answer with the new answer and keep nothing: no one is signed in.
        case keepNothing(Payload)
        /// Answer with the kept answer, and keep its bytes with this validity.
        case renew(Kept<Payload>, CacheValidity)
        /// Answer with the kept answer instead of the failure, for this reason.
        case standIn(Kept<Payload>, CacheReason)
        /// Fail: the backend was away, and nothing was kept to stand in.
        case miss(StoreError)
        /// Fail with this error; what is kept stays as it was.
        case fail(StoreError)
        /// Fail: the answer made no sense to this request (the shell names the call).
        case misanswered(String)
    }

    /// Rules 1, 2 and 6: whether to answer from `kept` or to ask, under `policy`.
    static func beforeAsking<Payload>(_ policy: ReadPolicy, kept: Kept<Payload>?, signedIn: Bool) -> BeforeAsking<Payload> {
        switch policy {
        case .cacheOnly:
            guard signedIn else { return .fail(.notSignedIn) }
            guard let kept else { return .fail(.notCached) }
            return .answer(kept, .offlineRequested)
        case .standard:
            if let kept, kept.age < kept.validity.freshFor { return .answer(kept, .fresh) }
            return .ask(ifNoneMatch: kept?.validity.etag)
        case .revalidate:
            return .ask(ifNoneMatch: kept?.validity.etag)
        }
    }

    /// Rules 3, 4 and 5: what `answer` does to `kept`.
    static func afterAnswer<Payload>(_ answer: Answer<Payload>, kept: Kept<Payload>?, signedIn: Bool) -> AfterAnswer<Payload> {
        switch answer {
        case .failed(let error):
            guard let reason = standInReason(for: error) else { return .fail(error) }
            guard let kept else { return .miss(error) }
            return .standIn(kept, reason)
        case .notModified(let directives):
            // A 304 only means something to a client that asked "has it changed?".
            guard let kept, let keptETag = kept.validity.etag else { return .misanswered("304 to a request that held no ETag") }
            guard directives.renews(keptETag: keptETag) else { return .misanswered("304 whose ETag is not the one asked about") }
            return .renew(kept, CacheValidity(freshFor: directives.freshness, etag: keptETag))
        case .accepted(let new, let directives):
            guard signedIn else { return .keepNothing(new) }
            if directives.noStore { return .drop(new) }
            return .store(new, CacheValidity(freshFor: directives.freshness, etag: directives.etag))
        }
    }

    /// Why a kept answer may stand in for `error` (rule 5), or nil when it may not: the
    /// backend was away, busy or failing, never a refusal.
    static func standInReason(for error: StoreError) -> CacheReason? {
        switch error {
        case .offline: .backendUnreachable
        case .rateLimited: .backendBusy
        case .storeFailed(let diagnostic): .backendFailed(Diagnostic(diagnostic.summary))
        default: nil
        }
    }

    /// The age of an answer kept at `storedAt`, `now`: never negative (a clock set back
    /// must not make one) and at most a century (the date is read from a file, and a
    /// huge or non-finite interval would trap on its way to a `Duration`).
    static func age(storedAt: Date, now: Date) -> Duration {
        let seconds = now.timeIntervalSince(storedAt)
        guard seconds.isFinite, seconds > 0 else { return .zero }
        return .milliseconds(Int64(min(seconds, longestAge) * 1000))
    }

    private static let longestAge: TimeInterval = 100 * 365 * 24 * 3600
}

extension CachePolicy.Kept: Sendable where Payload: Sendable {}
extension CachePolicy.BeforeAsking: Sendable where Payload: Sendable {}
extension CachePolicy.Answer: Sendable where Payload: Sendable {}
extension CachePolicy.AfterAnswer: Sendable where Payload: Sendable {}

/// What an answer's `Cache-Control` and `ETag` say about keeping it (RFC 9111, as far
/// as a private, single-user cache needs): how long it is fresh, whether it may be
/// kept at all, and the tag to revalidate it with.
struct CacheDirectives: Sendable {
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

    init(_ response: HTTPResponse) {
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
    static func isEntityTag(_ text: String) -> Bool {
        let opaque = text.hasPrefix("W/") ? text.dropFirst(2) : Substring(text)
        guard text.utf8.count <= 256, opaque.count >= 2, opaque.hasPrefix("\""), opaque.hasSuffix("\"") else { return false }
        return opaque.dropFirst().dropLast().unicodeScalars.allSatisfy { $0 == "!" || ("#"..."~").contains($0) }
    }

    /// Whether this answer, a 304, renews the kept answer tagged `keptETag` (RFC 9111
    /// section 4.3.4): a strong tag only the answer with that same strong tag, a weak one
    /// any it matches by weak comparison, and no tag nothing. The kept tag stays: a 304
    /// never hands the cache a validator, so a rewritten `If-None-Match` cannot pin an
    /// old answer under a tag of the attacker's choosing.
    func renews(keptETag: String) -> Bool {
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
