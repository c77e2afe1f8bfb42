import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Styling

/// Signs in and says as whom: `Signed in as Emily Johnson (emilys)`.
public struct SignInPresenter {
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
    public func signIn(username: String, password: String) async -> Result<User, StoreError> {
        do {
            // A spinner, where the terminal shows one, until the answer or the error is printed.
            output.beginActivity("Signing in")
            defer { output.endActivity() }
            let user = try await logIn(username: username, password: password)
            switch format {
            case .json: output.printLine(UserDocument.json(user, origin: .network))
            case .human: output.printLine(StyledText("Signed in as \(user.displayName) (\(user.username))", style: .success))
            }
            return .success(user)
        } catch {
            errors.report(error)
            return .failure(error)
        }
    }
}
