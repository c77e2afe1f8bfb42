@testable import Backend
import Testing

/// What a request's date means to the gateway: served or not, and how long its `enc` is
/// remembered, so that no copy of a request is served after it was answered once.
@Suite("The gateway's replay window", .timeLimit(.minutes(1)))
struct ReplayWindowTests {
    @Test(
        "servable within 300 s either way; remembered until its own window has passed, up to a day ahead",
        arguments: [
            // (sent, servable, remembered until), at now = 1,000
            (nil, false, 1_300),
            (1_000, true, 1_300),
            (700, true, 1_300),
            (699, false, 1_300),
            (-5_000_000, false, 1_300),
            (1_300, true, 1_600),
            (1_301, false, 1_601),
            (87_400, false, 87_700),
            (87_401, false, 87_700),
            (1_000_000_000, false, 87_700),
        ] as [(Int64?, Bool, Int64)]
    )
    func judgement(sent: Int64?, servable: Bool, rememberedUntil: Int64) {
        #expect(ReplayWindow.standard.judge(sent: sent, now: 1_000) == .init(servable: servable, rememberUntil: rememberedUntil))
    }
}
