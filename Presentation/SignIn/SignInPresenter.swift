import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the sign-in screen shows.
public enum SignInState: Equatable, Sendable {
    case idle
    case signingIn(username: String)
    case signedIn(User)
    case failed(StoreError)
}

/// Signs in and says as whom: `Signed in as Emily Johnson (emilys)`.
public actor SignInPresenter {
    public private(set) var state: SignInState = .idle

    private let logIn: LogIn
    private let output: any ConsoleOutput
    private let format: OutputFormat
    private let errors: ErrorReporter

    public init(logIn: LogIn, console: Console) {
        self.logIn = logIn
        self.output = console.output
        self.format = console.format
        self.errors = console.errors
    }

    @discardableResult
    public func signIn(username: String, password: String) async -> ProcessExitStatus {
        state = .signingIn(username: username)
        do {
            // A spinner, where the terminal shows one, until the answer or the error is printed.
            output.beginActivity("Signing in")
            defer { output.endActivity() }
            let user = try await logIn(username: username, password: password)
            state = .signedIn(user)
            switch format {
            case .json: output.printLine(UserDocument.json(user, origin: .network))
            case .human: output.printLine(StyledText("Signed in as \(user.displayName) (\(user.username))", style: .success))
            }
            return .success
        } catch {
            state = .failed(error)
            return errors.report(error)
        }
    }
}
