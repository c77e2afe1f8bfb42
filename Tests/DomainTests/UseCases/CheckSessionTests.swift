import Domain
import TestSupport
import Testing

@Suite("CheckSession", .timeLimit(.minutes(1)))
struct CheckSessionTests {
    @Test("what the backend's answer says of the session", arguments: [
        (Result<Origin, StoreError>.success(.network), SessionCheck.accepted),
        (.success(.cache(age: .seconds(60), reason: .backendUnreachable)), .unchecked(.backendUnreachable)),
        (.success(.cache(age: .seconds(60), reason: .backendBusy)), .unchecked(.backendBusy)),
        (.success(.cache(age: .seconds(60), reason: .backendFailed(Diagnostic("503")))), .unchecked(.backendFailed(Diagnostic("503")))),
        (.failure(.notSignedIn), .notSignedIn),
        (.failure(.sessionExpired), .refused(.sessionExpired)),
        (.failure(.unusableResponse(Diagnostic("x"))), .refused(.unusableResponse(Diagnostic("x")))),
    ])
    func check(answer: Result<Origin, StoreError>, expected: SessionCheck) async throws {
        let user = try Samples.user()
        let repository = SpyAuthRepository(currentUser: answer.map { Fetched(user, from: $0) })

        #expect(await CheckSession(repository: repository)() == expected)
        #expect(await repository.currentUserPolicies == [.revalidate], "a kept answer must not stand in for the backend's word")
    }
}
