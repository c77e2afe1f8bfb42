#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where `login` takes the password from: the first line of standard input
/// (`--password-stdin`), or a prompt on the terminal that shows nothing typed.
///
/// Read by the composition root only once the settings were found sound, so a
/// misconfiguration is reported before anyone types a password for nothing.
enum PasswordSource: Sendable {
    case standardInput
    case prompt

    /// How reading ended.
    enum Reading {
        case password(String)
        /// Ctrl-C at the prompt: the caller says what was left undone, then ends as SIGINT would.
        case interrupted
        /// Ctrl-D on an empty line, or the terminal went away.
        case cancelled
        /// A usage error (64), in the sentence the parser prints above login's usage line.
        case refused(String)
    }

    func read(for username: String) -> Reading {
        switch self {
        case .standardInput:
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                return .refused("--password-stdin found no password on the first line of standard input.")
            }
            return .password(line)
        case .prompt:
            switch PasswordPrompt.ask("Password for \(username): ") {
            case .password(let typed): return .password(typed)
            case .interrupted: return .interrupted
            case .cancelled: return .cancelled
            case .tooLong: return .refused("The password is longer than \(PasswordPrompt.capacity) bytes.")
            case .noTerminal: return .refused(Self.noTerminal)
            }
        }
    }

    static let noTerminal = "Standard input is not a terminal, so the password cannot be asked for; pipe it in with --password-stdin."
}
