/// What a request's `Date` means to the gateway (RFC 9458 section 6.5): whether the
/// request may be served now, and until when its `enc` must be remembered so that no copy
/// of it is served later, whatever the answer to this one.
///
/// A request is servable while its date is within `width` of the gateway's clock, so a
/// copy of it stays servable until its date is `width` old. A request refused today for
/// a date ahead of the clock would become servable once the clock caught up: a relay
/// that kept it would have it served then, after the client had already sent its retry,
/// and a login would mint a second token pair. So every request that opens is remembered
/// until its own window has passed, refused or not, up to `horizon` ahead.
struct ReplayWindow: Sendable, Equatable {
    /// How far a request's `Date` may be from the gateway's clock, either way.
    let width: Int64
    /// How far ahead of the clock a date is remembered: a bound on what one request can
    /// hold in the memory. A date further ahead is refused and remembered this long.
    let horizon: Int64

    /// Five minutes, as Kerberos bounds its replay cache (RFC 4120 section 5.2.3), and a
    /// day ahead: a clock a day fast is a broken clock, not a drifting one.
    static let standard = ReplayWindow(width: 300, horizon: 86_400)

    /// The gateway's judgement of one request's date.
    struct Judgement: Equatable {
        /// Whether the date lets the request be served now.
        let servable: Bool
        /// Until when its `enc` is remembered, served or refused.
        let rememberUntil: Int64
    }

    /// The judgement of a request dated `sent` (nil: no `Date`, or one that does not
    /// parse) at `now`, both in seconds since 1970.
    func judge(sent: Int64?, now: Int64) -> Judgement {
        let dated = sent ?? now
        let servable = sent != nil && dated >= now - width && dated <= now + width
        return Judgement(servable: servable, rememberUntil: min(max(dated, now), now + horizon) + width)
    }
}
