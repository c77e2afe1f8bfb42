import ArgumentParser
import Foundation
import Presentation

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
        if username.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("--username must not be empty.")
        }
        // Here rather than in run(), so the parser explains it with login's own usage line.
        if !passwordStdin, isatty(STDIN_FILENO) != 1 {
            throw ValidationError("Standard input is not a terminal, so the password cannot be asked for; pipe it in with --password-stdin.")
        }
    }

    func run() async throws {
        let password: String
        if passwordStdin {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw ValidationError("--password-stdin found no password on the first line of standard input.")
            }
            password = line
        } else {
            let reporter = ErrorReporter(output: TerminalOutput(format: options.format), format: options.format, verbose: false)
            switch PasswordPrompt.ask("Password for \(username): ") {
            case .password(let typed):
                password = typed
            case .interrupted:
                reporter.reportStopped("Login interrupted; nothing was changed.", interrupted: true)
                PasswordPrompt.endAsInterrupted()
            case .cancelled:
                let status = reporter.reportStopped("Login cancelled; nothing was changed.", interrupted: false)
                throw ExitCode(status.rawValue)
            case .tooLong:
                throw ValidationError("The password is longer than \(PasswordPrompt.capacity) bytes.")
            case .noTerminal:
                throw ValidationError("Standard input is not a terminal, so the password cannot be asked for; pipe it in with --password-stdin.")
            }
        }
        try await CompositionRoot.run(options) { root in
            await root.makeSignInPresenter().signIn(username: username, password: password)
        }
    }
}
