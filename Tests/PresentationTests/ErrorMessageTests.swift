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
        (.storeFailed(Diagnostic("500", theirWords: "database unavailable")), "server-error", .unavailable),
        (.storeFailed(Diagnostic("503")), "server-error", .unavailable),
        (.untrustedStore(host: "store.example", Diagnostic("no certificate in its chain matches a pinned key")), "server-identity", .serverIdentity),
        (.sealingKeyRetired(Diagnostic("7")), "gateway-key-refused", .configuration),
        (.sealingKeyRefusedNotResent(Diagnostic("7")), "key-refused-not-resent", .temporaryFailure),
        (.sealingKeyUnavailable(Diagnostic("gone")), "gateway-keys-unavailable", .configuration),
        (.refusedAsReplay(Diagnostic("refused as a replay or for its date")), "replay-refused", .configuration),
        (.requestTooLarge, "request-too-large", .failure),
        (.unusableResponse(Diagnostic("keyNotFound products")), "unusable-response", .dataError),
        (.notFound, "not-found", .failure),
        (.unexpected(Diagnostic("boom")), "unexpected", .failure),
        (.cannotWrite(what: "the session", Diagnostic("write /x failed: No space left on device")), "cannot-write", .cannotWrite),
        (.quotaExceeded(what: "the session", Diagnostic("add_key failed: Disk quota exceeded")), "quota-exceeded", .quotaExceeded),
    ])
    func mapsEveryCase(error: StoreError, code: String, status: ProcessExitStatus) {
        let message = ErrorMessage(error)
        #expect(message.code.rawValue == code)
        #expect(message.exitStatus == status)
    }

    @Test("the sentence names the field and the rule for invalid input")
    func invalidInputSentence() {
        let message = ErrorMessage(.invalidInput(InvalidInput(field: "limit", reason: "must be between 1 and 100")))
        #expect(message.sentence == "The limit must be between 1 and 100.")
    }

    @Test("sentences are one sentence and keep diagnostic details out", arguments: [
        StoreError.unusableResponse(Diagnostic("keyNotFound products")), .unexpected(Diagnostic("EVP_DecryptFinal_ex")),
        .invalidCredentials, .notSignedIn, .sessionExpired, .offline, .notFound,
        .rateLimited(retryAfter: nil), .storeFailed(Diagnostic("500", theirWords: "line one\nline two")),
    ])
    func oneSentence(error: StoreError) {
        let sentence = ErrorMessage(error).sentence
        #expect(sentence.hasSuffix("."))
        #expect(!sentence.contains("keyNotFound"))
        #expect(!sentence.contains("EVP_"))
        #expect(!sentence.contains("\n"))
    }

    /// The errors whose cause is a diagnostic the Data layer attaches, each sentence
    /// written out as it was when the cause was a case of its own (a status, a TLS
    /// reason, a key id): the domain's words changed, a person's did not.
    @Test("a diagnostic is quoted into the sentence word for word as before", arguments: [
        (StoreError.storeFailed(Diagnostic("500", theirWords: "database unavailable")),
         "The store failed (500: database unavailable); try again later."),
        (.storeFailed(Diagnostic("503")), "The store failed (503); try again later."),
        (.storeFailed(Diagnostic("502", theirWords: "")), "The store failed (502); try again later."),
        (.untrustedStore(host: "store.example", Diagnostic("its certificate has expired or is not valid yet")),
         "The store at store.example could not prove its identity (its certificate has expired or is not valid yet); nothing was sent. Check the address, --ca-file and --pin."),
        // Unsealed, so perhaps not the gateway's word: the sentence says no more than is known.
        (.sealingKeyRetired(Diagnostic("7")),
         "The store's gateway, or something on the way to it, refused the key 7 (unknown to the gateway, or retired), and the key configuration, read again, names no other; get the current one (ohttp-keys) from whoever runs the store and use it with --ohttp-keys-file."),
        (.sealingKeyRefusedNotResent(Diagnostic("7")),
         "The store's gateway, or something on the way to it, refused the key 7; a login or a session renewal is never sent twice, as the first may have been served. Run the command again: it takes the key anew."),
        (.sealingKeyUnavailable(Diagnostic("gone")),
         "The store's gateway key configuration could not be had (gone); check --ohttp-keys-file, or the store's address with --ohttp-keys-from-gateway."),
        (.refusedAsReplay(Diagnostic("refused as a replay or for its date", theirWords: "seen before")),
         "The store refused the sealed request as a replay or for its date (seen before); check that this computer's clock is right, then try again."),
        (.refusedAsReplay(Diagnostic("refused as a replay or for its date")),
         "The store refused the sealed request as a replay or for its date; check that this computer's clock is right, then try again."),
        (.cannotWrite(what: "the session", Diagnostic("write /data/session.json.tmp failed: No space left on device")),
         "The session could not be written (write /data/session.json.tmp failed: No space left on device); what was there before is kept. Free some space on that disk, or choose another folder with --data-dir."),
        (.quotaExceeded(what: "the session", Diagnostic("the keyring quota is used up")),
         "The session could not be kept (the keyring quota is used up); what was there before is kept. Free some of your quota, or keep the session elsewhere with --session-store."),
    ])
    func diagnosticSentences(error: StoreError, sentence: String) {
        #expect(ErrorMessage(error).sentence == sentence)
    }

    @Test("exit statuses are the numbers scripts rely on")
    func exitNumbers() {
        #expect(ProcessExitStatus.allCases.map(\.rawValue) == [0, 1, 64, 65, 69, 71, 73, 75, 76, 77, 78, 130])
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
        #expect(ErrorMessage(.storeFailed(Diagnostic("500", theirWords: "database unavailable"))).sentence
            == "The store failed (500: database unavailable); try again later.")
        #expect(ErrorMessage(.storeFailed(Diagnostic("502"))).sentence == "The store failed (502); try again later.")
        #expect(ErrorMessage(.storeFailed(Diagnostic("500", theirWords: " \n "))).sentence == "The store failed (500); try again later.")

        let hostile = ErrorMessage(.storeFailed(Diagnostic("500", theirWords: "\u{1B}]0;owned\u{07}\nnext line"))).sentence
        #expect(hostile == "The store failed (500: \\u001b]0;owned\\u0007 next line); try again later.")

        let long = ErrorMessage(.storeFailed(Diagnostic("500", theirWords: String(repeating: "x", count: 500)))).sentence
        let quoted = long.dropFirst("The store failed (500: ".count).dropLast("); try again later.".count)
        #expect(quoted.count == 200)
        #expect(quoted.hasSuffix("…"))
    }
}
