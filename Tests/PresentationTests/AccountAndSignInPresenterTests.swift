import Domain
import Presentation
import TestSupport
import Testing

@Suite("AccountPresenter and SignInPresenter", .timeLimit(.minutes(1)))
struct AccountAndSignInPresenterTests {
    private func account(_ repository: StubAuthRepository, format: OutputFormat = .human) -> (AccountPresenter, SpyOutput) {
        let output = SpyOutput()
        return (AccountPresenter(
            getCurrentUser: GetCurrentUser(repository: repository), logOut: LogOut(repository: repository),
            console: Console(output: output, format: format)
        ), output)
    }

    @Test("whoami shows the user, and says so when the answer is cached")
    func whoami() async throws {
        let user = try DisplaySamples.user()
        let (presenter, output) = account(StubAuthRepository(currentUserResult: .success(Fetched(user, from: .cache(age: .seconds(7200), reason: .backendUnreachable)))))

        let shown = await presenter.showCurrentUser()

        #expect(shown.exitStatus == .success)
        #expect(shown == .success(Fetched(user, from: .cache(age: .seconds(7200), reason: .backendUnreachable))))
        #expect(output.standardOutput == ["Emily Johnson (emilys)", "emily.johnson@x.dummyjson.com"])
        #expect(output.standardError == ["offline: showing your profile cached 2 hours ago"])
    }

    @Test("whoami in JSON carries the source")
    func whoamiJSON() async throws {
        let (presenter, output) = account(StubAuthRepository(currentUserResult: .success(Fetched(try DisplaySamples.user(), from: .network))), format: .json)

        await presenter.showCurrentUser()

        #expect(output.standardOutput == [#"{"email":"emily.johnson@x.dummyjson.com","firstName":"Emily","id":1,"lastName":"Johnson","source":"network","username":"emilys"}"#])
    }

    @Test("whoami when signed out exits 77")
    func signedOut() async throws {
        let (presenter, output) = account(StubAuthRepository())

        #expect(await presenter.showCurrentUser().exitStatus == .noPermission)
        #expect(output.standardError.count == 1)
    }

    @Test("logout says so, and what the store did with the session, human and as JSON", arguments: [
        (.ended, ["Signed out.", "The store has ended the session: its tokens work nowhere now."], #"{"signedOut":true,"store":"ended"}"#),
        (.notOffered, ["Signed out.", "This store has no way to end a session, so its tokens work until they expire."], #"{"signedOut":true,"store":"not-offered"}"#),
        (.unconfirmed(.offline), ["Signed out.", "The store did not confirm that the session ended, so its tokens may work until they expire."],
         #"{"signedOut":true,"store":"unconfirmed"}"#),
        (.noSession, ["Signed out."], #"{"signedOut":true,"store":"no-session"}"#),
    ] as [(SessionEnding, [String], String)])
    func logout(ending: SessionEnding, lines: [String], json: String) async throws {
        let (presenter, output) = account(StubAuthRepository(logOutResult: .success(ending)))
        let (jsonPresenter, jsonOutput) = account(StubAuthRepository(logOutResult: .success(ending)), format: .json)

        #expect(await presenter.signOut().exitStatus == .success)
        #expect(await jsonPresenter.signOut().exitStatus == .success)
        #expect(output.standardOutput == lines)
        #expect(jsonOutput.standardOutput == [json])
    }

    @Test("sign-in says as whom, or why not")
    func signIn() async throws {
        let output = SpyOutput()
        func presenter(_ answer: Result<User, StoreError>) -> SignInPresenter {
            SignInPresenter(logIn: LogIn(repository: StubAuthRepository(logInResult: answer)), console: Console(output: output, format: .human))
        }

        let user = try DisplaySamples.user()
        #expect(await presenter(.success(user)).signIn(username: "emilys", password: "emilyspass") == .success(user))
        #expect(await presenter(.failure(.invalidCredentials)).signIn(username: "emilys", password: "wrong").exitStatus == .noPermission)
        let refusal = await presenter(.success(user)).signIn(username: " ", password: "x")
        #expect(refusal.exitStatus == .usage)

        #expect(output.standardOutput == ["Signed in as Emily Johnson (emilys)"])
        #expect(output.standardError == [
            "storefront: The username or password is wrong; check them and log in again.",
            "storefront: The username must not be empty.",
        ])
        #expect(refusal == .failure(.invalidInput(InvalidInput(field: "username", reason: "must not be empty"))))
    }

    @Test("--verbose adds the diagnostic detail before the sentence")
    func verboseDetail() {
        let output = SpyOutput()
        ErrorReporter(output: output, format: .human, verbose: true).report(.unusableResponse(Diagnostic("missing field products")))
        #expect(output.standardError == [
            "detail: missing field products",
            "storefront: The store's answer could not be used; run again with --verbose for details.",
        ])
    }
}

@Suite("ErrorReporter: start-up failures", .timeLimit(.minutes(1)))
struct ConfigurationFailureTests {
    @Test("a start-up failure is one sentence, or the JSON error document with its code")
    func configuration() {
        let human = SpyOutput()
        let json = SpyOutput()

        ErrorReporter(output: human, format: .human, verbose: false).reportStartupFailure("The key is bad.", code: "configuration")
        ErrorReporter(output: json, format: .json, verbose: false).reportStartupFailure("The key is \"bad\".", code: "configuration")

        #expect(human.standardError == ["storefront: The key is bad."])
        #expect(json.standardError == [#"{"error":{"code":"configuration","message":"The key is \"bad\"."}}"#])
        #expect(human.standardOutput.isEmpty && json.standardOutput.isEmpty)
    }
}
