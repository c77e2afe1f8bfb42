@testable import Data
import Domain
import HTTPTypes
@testable import Presentation
import Testing

/// What a failing store's answer does, from its status to what the person sees, through
/// the three places that decide it and nothing else: what the status means and the
/// `StoreError` that is (`AnswerMeaning.swift`), whether a kept answer stands in for it
/// (`CachePolicy.swift`), and what is said and the exit status when none does
/// (`ErrorMessage.swift`; the stand-in's own line is `CacheNotice`'s words). The retry
/// has already had its turn: these are the answers still failing after it. The exit
/// statuses and codes are CLI.md's table, copied here as literals.
@Suite("A failing answer, from its status to what is shown: one table", .timeLimit(.minutes(1)))
struct StandInDecisionTests {
    /// How the command ends: the kept answer with this notice, or this exit status.
    enum Shown: Equatable, CustomStringConvertible {
        case keptAnswer(notice: String)
        case exit(Int32, code: String)

        var description: String {
            switch self {
            case .keptAnswer(let notice): "the kept answer, \(notice)"
            case .exit(let status, let code): "exit \(status) \(code)"
            }
        }
    }

    @Test("each status, with and without a kept answer", arguments: [
        // 503 without Retry-After: the backend away, as a refused connection is.
        (503, nil, true, Shown.keptAnswer(notice: "offline: showing results cached 4 minutes ago")),
        (503, nil, false, .exit(69, code: "offline")),
        (502, nil, true, .keptAnswer(notice: "offline: showing results cached 4 minutes ago")),
        (504, nil, false, .exit(69, code: "offline")),
        // 503 or 429 with a wait longer than a command waits: busy.
        (503, .seconds(60), true, .keptAnswer(notice: "the store is busy: showing results cached 4 minutes ago")),
        (429, .seconds(60), false, .exit(75, code: "rate-limited")),
        // A 500 of its own: failing, said with its status.
        (500, nil, true, .keptAnswer(notice: "the store failed (500): showing results cached 4 minutes ago")),
        (500, nil, false, .exit(69, code: "server-error")),
        // A refusal is never stood in for.
        (404, nil, true, .exit(1, code: "not-found")),
        (403, nil, true, .exit(1, code: "unexpected")),
    ] as [(Int, Duration?, Bool, Shown)])
    func decided(status: Int, retryAfter: Duration?, kept: Bool, shown: Shown) {
        let error = StoreErrorMapping.fromStatus(status, message: nil, retryAfter: retryAfter, in: .authenticated)
        let keptAnswer = kept ? CachePolicy.Kept(age: .seconds(240), validity: CacheValidity(), payload: ()) : nil
        let outcome: Shown = switch CachePolicy.afterAnswer(.failed(error), kept: keptAnswer, signedIn: true) {
        case .standIn(let kept, let reason):
            .keptAnswer(notice: CacheNotice.sentence(age: kept.age, reason: reason, subject: "results"))
        default:
            .exit(ErrorMessage(error).exitStatus.rawValue, code: ErrorMessage(error).code.rawValue)
        }
        #expect(outcome == shown, "\(status), Retry-After \(retryAfter.map { "\($0)" } ?? "none"), \(kept ? "kept" : "nothing kept")")
    }
}
