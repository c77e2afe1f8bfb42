@testable import Backend
import Testing

/// What a request's date means to the gateway: served or not, whether and how long its
/// `enc` is remembered, so that no copy of a request is served after it was answered
/// once, by this gateway or by one whose clock is up to 120 s away.
@Suite("The gateway's replay window", .timeLimit(.minutes(1)))
struct ReplayWindowTests {
    @Test(
        "servable within 300 s either way; remembered until its own window has passed, up to a day ahead; never remembered when no gateway could serve it",
        arguments: [
            // (sent, servable, remembered until), at now = 1,000
            (nil, false, nil),
            (1_000, true, 1_300),
            (700, true, 1_300),
            (699, false, 1_300),
            (580, false, 1_300),
            (579, false, nil),
            (-5_000_000, false, nil),
            (1_300, true, 1_600),
            (1_301, false, 1_601),
            (87_400, false, 87_700),
            (87_401, false, 87_700),
            (1_000_000_000, false, 87_700),
        ] as [(Int64?, Bool, Int64?)]
    )
    func judgement(sent: Int64?, servable: Bool, rememberedUntil: Int64?) {
        let judgement = ReplayWindow.standard.judge(sent: sent, now: 1_000)
        #expect(judgement == .init(servable: servable, rememberUntil: rememberedUntil))
        #expect(judgement.share == (servable ? .served : .refused))
    }

    @Test("a sweep forgets only what has expired on every clock within 120 s of the sweeper's", arguments: [(1_000, 880), (120, 0)] as [(Int64, Int64)])
    func sweep(now: Int64, before: Int64) {
        #expect(ReplayWindow.standard.sweepBefore(now: now) == before)
    }
}
