import Domain
import Presentation
import Testing

@Suite("ErrorMessage")
struct ErrorMessageTests {
    @Test("each domain error has the code and exit status of CLI.md", arguments: [
        (StoreError.invalidInput(InvalidInput(field: "limit", reason: "must be between 1 and 100")), "invalid-input", ProcessExitStatus.usage),
        (.invalidCredentials, "invalid-credentials", .noPermission),
        (.notSignedIn, "not-signed-in", .noPermission),
        (.sessionExpired, "session-expired", .noPermission),
        (.offline, "offline", .unavailable),
        (.serverIdentityRejected(host: "store.example", reason: .pinMismatch), "server-identity", .serverIdentity),
        (.unusableResponse(detail: "keyNotFound products"), "unusable-response", .dataError),
        (.notFound, "not-found", .failure),
        (.unexpected(detail: "boom"), "unexpected", .failure),
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
        #expect(ProcessExitStatus.allCases.map(\.rawValue) == [0, 1, 64, 65, 69, 76, 77, 78])
    }
}
