import AppShared
import ArgumentParser
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Presentation

/// `storefront login`: signs in and stores the session.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in and keep the session.",
        discussion: help.discussion
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: "Signs in. The password comes from a hidden prompt on a terminal or, with `--password-stdin`, from the first line of standard input; no option takes it on the command line (`--password` is a usage error, 64). Keeps the session and prints `Signed in as FIRST LAST (USERNAME)`. A failed login leaves an earlier session as it was.",
        json: #"`{"id", "username", "email", "firstName", "lastName", "source"}`"#,
        examples: [
            CommandHelp.Example("storefront login --username emilys", "asks for the password (emilyspass)"),
            CommandHelp.Example("echo emilyspass | storefront login --username emilys --password-stdin"),
        ]
    )

    @Option(name: .long, help: ArgumentHelp("The username, e.g. emilys.", valueName: "name"))
    var username: String

    @Flag(name: .long, help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        // The domain's rule, so the command and the credentials never disagree on it.
        do {
            _ = try Credentials.username(username)
        } catch {
            throw ValidationError("--\(error.field) \(error.reason).")
        }
        // Here rather than in run(), so the parser explains it with login's own usage line.
        if !passwordStdin, isatty(STDIN_FILENO) != 1 {
            throw ValidationError(PasswordSource.noTerminal)
        }
    }

    /// The settings are resolved (and refused, 78) before the password is read.
    func run() async throws {
        try await CommandLifecycle.run(options) { root in
            try await signIn(with: root)
        }
    }

    /// The password is read only now, once the settings were found sound, so a key file
    /// others can read is reported before anything is typed. A usage error (no password
    /// on standard input) is thrown for the parser to print with login's usage.
    private func signIn(with root: CompositionRoot) async throws(ValidationError) -> ProcessExitStatus {
        let errors = root.makeErrorReporter()
        let source: PasswordSource = passwordStdin ? .standardInput : .prompt
        switch source.read(for: username) {
        case .password(let password):
            return await root.makeSignInPresenter().signIn(username: username, password: password).exitStatus
        case .interrupted:
            errors.reportStopped("Login interrupted; nothing was changed.", interrupted: true)
            PasswordPrompt.endAsInterrupted()
        case .cancelled:
            return errors.reportStopped("Login cancelled; nothing was changed.", interrupted: false)
        case .refused(let sentence):
            throw ValidationError(sentence)
        }
    }
}
