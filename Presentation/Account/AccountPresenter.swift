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

    /// Signs out, and says what the store did with the session: whether its tokens
    /// still work elsewhere is the person's to know.
    @discardableResult
    public func signOut() async -> Result<SessionEnding, StoreError> {
        do {
            let ending = try await logOut()
            if format == .json {
                output.printLine(#"{"signedOut":true,"store":"\#(Self.jsonValue(ending))"}"#)
            } else {
                output.printLine(StyledText("Signed out.", style: .success))
                if let note = Self.note(ending) { output.printLine(StyledText(note, style: .secondary)) }
            }
            return .success(ending)
        } catch {
            errors.report(error)
            return .failure(error)
        }
    }

    /// What the store did, in `--json`'s words (CLI.md).
    static func jsonValue(_ ending: SessionEnding) -> String {
        switch ending {
        case .ended: "ended"
        case .notOffered: "not-offered"
        case .unconfirmed: "unconfirmed"
        case .noSession: "no-session"
        }
    }

    /// The line after "Signed out.", when the store's side needs one.
    static func note(_ ending: SessionEnding) -> String? {
        switch ending {
        case .ended: "The store has ended the session: its tokens work nowhere now."
        case .notOffered: "This store has no way to end a session, so its tokens work until they expire."
        case .unconfirmed: "The store did not confirm that the session ended, so its tokens may work until they expire."
        case .noSession: nil
        }
    }
}
