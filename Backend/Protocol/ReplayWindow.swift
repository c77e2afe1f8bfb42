/// What a request's `Date` means to the gateway (RFC 9458 section 6.5): whether the
/// request may be served now, and whether and until when its `enc` must be remembered so
/// that no copy of it is served later, whatever the answer to this one.
///
/// A request is servable while its date is within `width` of the gateway's clock, so a
/// copy of it stays servable until its date is `width` old. A request refused today for
/// a date ahead of the clock would become servable once the clock caught up: a relay
/// that kept it would have it served then, after the client had already sent its retry,
/// and a login would mint a second token pair. So a refused request that any gateway of
/// the store could still serve is remembered until its own window has passed, up to
/// `horizon` ahead, in the memory's `refused` share, apart from the requests served now
/// (`ReplayShare`): no number of them can take the room of a request dated now. A
/// request without a date, or dated further back than any gateway's window reaches, can
/// never be served, so it is not remembered at all.
///
/// The gateways of one store judge by their own clocks, which may differ by up to
/// `skew`: a row is swept only once it has been expired for `skew` (`sweepBefore`), so a
/// gateway whose clock is fast never forgets a request a slower one would still serve.
struct ReplayWindow: Sendable, Equatable {
    /// How far a request's `Date` may be from the gateway's clock, either way.
    let width: Int64
    /// How far ahead of the clock a date is remembered: a bound on what one request can
    /// hold in the memory. A date further ahead is refused and remembered this long.
    let horizon: Int64
    /// How far apart the clocks of a store's gateways may be (docs/PROTOCOL.md).
    let skew: Int64

    /// Five minutes, as Kerberos bounds its replay cache (RFC 4120 section 5.2.3), a day
    /// ahead (a clock a day fast is a broken clock, not a drifting one), and two minutes
    /// between gateways: far more than NTP leaves between the machines it keeps, and each
    /// second of it is a second longer that every row stays.
    static let standard = ReplayWindow(width: 300, horizon: 86_400, skew: 120)

    /// The gateway's judgement of one request's date.
    struct Judgement: Equatable {
        /// Whether the date lets the request be served now.
        let servable: Bool
        /// Until when its `enc` is remembered, served or refused; nil when no copy of it
        /// can be served by any gateway, now or later.
        let rememberUntil: Int64?

        /// The share of the memory it is remembered in.
        var share: ReplayShare { servable ? .served : .refused }
    }

    /// The judgement of a request dated `sent` (nil: no `Date`, or one that does not
    /// parse) at `now`, both in seconds since 1970.
    func judge(sent: Int64?, now: Int64) -> Judgement {
        guard let dated = sent else { return Judgement(servable: false, rememberUntil: nil) }
        let servable = dated >= now - width && dated <= now + width
        guard dated >= now - width - skew else { return Judgement(servable: false, rememberUntil: nil) }
        return Judgement(servable: servable, rememberUntil: min(max(dated, now), now + horizon) + width)
    }

    /// The time before which a remembered request may be forgotten by a gateway whose
    /// clock says `now`: expired on every clock within `skew` of it.
    func sweepBefore(now: Int64) -> Int64 {
        now - skew
    }
}
