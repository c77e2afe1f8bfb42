import Domain
import Presentation
import Testing

@Suite("ErrorMessage", .timeLimit(.minutes(1)))
struct ErrorMessageTests {
    @Test("each domain error has the code and exit status of CLI.md", arguments: [
        (StoreError.invalidInput(InvalidInput(field: "limit", reason: "must be between 1 and 100")), "invalid-input", ProcessExitStatus.usage),
        (.invalidCredentials, "invalid-credentials", .noPermission),
        (.notSignedIn, "not-signed-in", .noPermission),
        (.sessionExpired, "session-expired", .noPermission),
        (.offline, "offline", .unavailable),
        (.rateLimited(retryAfter: .seconds(30)), "rate-limited", .temporaryFailure),
        (.rateLimited(retryAfter: nil), "rate-limited", .temporaryFailure),
        (.serverFailed(status: 500, message: "database unavailable"), "server-error", .unavailable),
        (.serverFailed(status: 503, message: nil), "server-error", .unavailable),
        (.serverIdentityRejected(host: "store.example", reason: .pinMismatch), "server-identity", .serverIdentity),
        (.unusableResponse(detail: "keyNotFound products"), "unusable-response", .dataError),
        (.notFound, "not-found", .failure),
        (.unexpected(detail: "boom"), "unexpected", .failure),
        (.cannotWrite(what: "the session", reason: "write /x failed: No space left on device"), "cannot-write", .cannotWrite),
    ])
    func mapsEveryCase(error: StoreError, code: String, status: ProcessExitStatus) {
        let message = ErrorMessage(error)
        #expect(message.code == code)
        #expect(message.exitStatus == status)
    }

    @Test("the sentence names the field and the rule for invalid input")
    func invalidInputSentence() {
        let message = ErrorMessage(.invalidInput(InvalidInput(field: "limit", reason: "must be between 1 and 100")))
        #expect(message.sentence == "The limit must be between 1 and 100.")
    }

    @Test("sentences are one sentence and keep diagnostic details out", arguments: [
        StoreError.unusableResponse(detail: "keyNotFound products"), .unexpected(detail: "EVP_DecryptFinal_ex"),
        .invalidCredentials, .notSignedIn, .sessionExpired, .offline, .notFound,
        .rateLimited(retryAfter: nil), .serverFailed(status: 500, message: "line one\nline two"),
    ])
    func oneSentence(error: StoreError) {
        let sentence = ErrorMessage(error).sentence
        #expect(sentence.hasSuffix("."))
        #expect(!sentence.contains("keyNotFound"))
        #expect(!sentence.contains("EVP_"))
        #expect(!sentence.contains("\n"))
    }

    @Test("a refused TLS identity names the host and the reason a person can act on", arguments: [
        (ServerIdentityFailure.untrusted, "not signed by an authority you trust"),
        (.nameMismatch, "for another name"),
        (.expired, "expired"),
        (.pinMismatch, "matches a pinned key"),
    ])
    func serverIdentitySentence(reason: ServerIdentityFailure, phrase: String) {
        let sentence = ErrorMessage(.serverIdentityRejected(host: "store.example", reason: reason)).sentence
        #expect(sentence.contains("store.example"))
        #expect(sentence.contains(phrase))
        #expect(sentence.contains("nothing was sent"))
    }

    @Test("exit statuses are the numbers scripts rely on")
    func exitNumbers() {
        #expect(ProcessExitStatus.allCases.map(\.rawValue) == [0, 1, 64, 65, 69, 73, 75, 76, 77, 78])
    }

    @Test("asked to wait: when to try again, in the units a person reads", arguments: [
        (Duration?.some(.seconds(30)), "The store is limiting requests; try again in 30 s."),
        (.milliseconds(2_300), "The store is limiting requests; try again in 3 s."),
        (.seconds(600), "The store is limiting requests; try again in 10 min."),
        (.seconds(86_400), "The store is limiting requests; try again in 24 h."),
        (nil, "The store is limiting requests; try again in a little while."),
    ])
    func rateLimitedSentence(wait: Duration?, sentence: String) {
        #expect(ErrorMessage(.rateLimited(retryAfter: wait)).sentence == sentence)
    }

    @Test("a server failure names the status and the server's words, escaped, on one line, at most 200 characters")
    func serverFailureSentence() {
        #expect(ErrorMessage(.serverFailed(status: 500, message: "database unavailable")).sentence
            == "The store failed (500: database unavailable); try again later.")
        #expect(ErrorMessage(.serverFailed(status: 502, message: nil)).sentence == "The store failed (502); try again later.")
        #expect(ErrorMessage(.serverFailed(status: 500, message: " \n ")).sentence == "The store failed (500); try again later.")

        let hostile = ErrorMessage(.serverFailed(status: 500, message: "\u{1B}]0;owned\u{07}\nnext line")).sentence
        #expect(hostile == "The store failed (500: \\u001b]0;owned\\u0007 next line); try again later.")

        let long = ErrorMessage(.serverFailed(status: 500, message: String(repeating: "x", count: 500))).sentence
        let quoted = long.dropFirst("The store failed (500: ".count).dropLast("); try again later.".count)
        #expect(quoted.count == 200)
        #expect(quoted.hasSuffix("…"))
    }
}
