@testable import Data
import Testing

/// The send-once rule as a table: what each end of a write says of whether it was done.
@Suite("What a write's end says of whether it was done", .timeLimit(.minutes(1)))
struct WritePolicyTests {
    @Test("a 2xx is done; a 4xx is the store's refusal; any other status leaves it unknown", arguments: [
        (200, "done"), (201, "done"), (204, "done"),
        (400, "refused"), (401, "refused"), (403, "refused"), (404, "refused"), (409, "refused"), (422, "refused"), (429, "refused"),
        (500, "unknown"), (502, "unknown"), (503, "unknown"), (504, "unknown"), (304, "unknown"), (101, "unknown"),
    ])
    func statuses(status: Int, outcome: String) {
        #expect(Self.name(WritePolicy.outcome(status: status)) == outcome)
    }

    @Test("a failure before anything left is not sent; the store's sealed word or a failed renewal after its 401 is a refusal; anything else unknown", arguments: [
        (NetworkError.transport(.cannotConnect(reason: "refused")), "notSent"),
        (.transport(.serverIdentityRejected(host: "h", reason: .untrusted)), "notSent"),
        (.transport(.invalidRequest(reason: "r")), "notSent"),
        (.requestTooLarge(limit: 65_536), "notSent"),
        (.gatewayKeysUnavailable(reason: "r"), "notSent"),
        (.sealingFailed(reason: "r"), "notSent"),
        (.unencodableRequest(reason: "r"), "notSent"),
        (.notSignedIn, "notSent"),
        (.sessionStore(.notWritten("r")), "notSent"),
        (.sealedRequestRefused(message: "replay"), "refused"),
        (.sessionExpired, "refused"),
        (.refreshUnavailable(status: 503), "refused"),
        (.refreshMisanswered(reason: "r"), "refused"),
        (.transport(.unreachable(reason: "reset")), "unknown"),
        (.transport(.deadlineExceeded(.seconds(15))), "unknown"),
        (.transport(.cancelled), "unknown"),
        (.transport(.responseTooLarge(limit: 1)), "unknown"),
        (.transport(.redirected(status: 302, location: nil)), "unknown"),
        (.transport(.malformedResponse(reason: "r")), "unknown"),
        (.unsealedResponse, "unknown"),
        (.gatewayUnreachable(status: 502), "unknown"),
        (.unopenableResponse(reason: "r"), "unknown"),
        (.malformedSealedResponse(reason: "r"), "unknown"),
        (.gatewayKeyRefused(keyID: "1", readAgain: false), "unknown"),
    ])
    func failures(error: NetworkError, outcome: String) {
        #expect(Self.name(WritePolicy.outcome(of: error)) == outcome)
    }

    static func name(_ outcome: WritePolicy.Outcome) -> String {
        switch outcome {
        case .done: "done"
        case .refused: "refused"
        case .notSent: "notSent"
        case .unknown: "unknown"
        }
    }
}
