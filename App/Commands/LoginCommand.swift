import ArgumentParser
import Domain
import Foundation

/// `storefront login`: signs in and stores the session.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in and keep the session.",
        discussion: "The password is asked for with a hidden prompt, or read from the first line of standard input with --password-stdin. There is no option that takes it on the command line, where other users could see it."
    )

    @Option(name: .long, help: "The username, e.g. emilys.")
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
        try await CompositionRoot.run(options) { root in
            try await root.signIn(username: username, passwordFrom: passwordStdin ? .standardInput : .prompt)
        }
    }
}
