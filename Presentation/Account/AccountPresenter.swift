import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Styling

/// `whoami` and `logout`: who is signed in (from the server, else the cache, saying
/// so), and signing out.
public struct AccountPresenter {
    private let getCurrentUser: GetCurrentUser
    private let logOut: LogOut
    private let output: any ConsoleOutput
    private let format: OutputFormat
    private let errors: ErrorReporter

    public init(getCurrentUser: GetCurrentUser, logOut: LogOut, console: Console) {
        self.getCurrentUser = getCurrentUser
        self.logOut = logOut
        self.output = console.output
        self.format = console.format
        self.errors = console.errors
    }

    @discardableResult
    public func showCurrentUser(policy: ReadPolicy = .standard) async -> Result<Fetched<User>, StoreError> {
        do {
            // A spinner, where the terminal shows one, until the answer or the error is printed.
            output.beginActivity("Asking the store who is signed in")
            defer { output.endActivity() }
            let result = try await getCurrentUser(policy: policy)
            switch format {
            case .json:
                output.printLine(UserDocument.json(result.value, origin: result.origin))
            case .human:
                if let notice = CacheNotice.line(for: result.origin, subject: "your profile") {
                    output.printDiagnostic(notice)
                }
                output.printLine("\(result.value.displayName) (\(result.value.username))")
                if !result.value.email.isEmpty {
                    output.printLine(StyledText(result.value.email, style: .secondary))
                }
            }
            return .success(result)
        } catch {
            errors.report(error)
            return .failure(error)
        }
    }

    @discardableResult
    public func signOut() async -> Result<Void, StoreError> {
        do {
            try await logOut()
            if format == .json {
                output.printLine(#"{"signedOut":true}"#)
            } else {
                output.printLine(StyledText("Signed out.", style: .success))
            }
            return .success(())
        } catch {
            errors.report(error)
            return .failure(error)
        }
    }
}
