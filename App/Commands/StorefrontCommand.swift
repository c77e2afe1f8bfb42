import AppShared
import ArgumentParser
import CProcessControl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation
#if canImport(Glibc)
import Glibc
#endif
import Styling

/// The `storefront` command line: parses arguments and hands each command to the
/// composition root.
@main
struct StorefrontCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storefront",
        abstract: "Sign in to a store and search its products from the terminal.",
        discussion: """
            Storefront is a Swift 6 Clean Architecture reference app. It talks to any \
            server that follows its store protocol, sealed with Oblivious HTTP (RFC 9458) \
            or in plain JSON. Try `storefront demo`: it needs no set-up and no network.

            Environment: STOREFRONT_BASE_URL (the backend), STOREFRONT_OHTTP_KEYS_FILE (the \
            gateway's key configuration), STOREFRONT_OHTTP_KEYS_FROM_GATEWAY=1, \
            STOREFRONT_OHTTP_RELAY, STOREFRONT_DATA_DIR (session and cache), STOREFRONT_CA_FILE \
            and STOREFRONT_PINS (https trust), STOREFRONT_TRANSPORT=urlsession, \
            XDG_STATE_HOME and XDG_CACHE_HOME. An option wins over its variable. \
            Colour and the spinner appear only on a terminal: NO_COLOR (set, not empty), \
            TERM=dumb, a pipe or --json turn them off.

            Exit status: \(ProcessExitStatus.allCases.map { "\($0.rawValue) \($0.summary)" }.joined(separator: "; ")).

            The contracts, in the source repository: docs/CLI.md (this command line: \
            commands, options, output, exit statuses) and docs/PROTOCOL.md (the store \
            API and its sealed layer, for whoever writes a server).
            """,
        version: StorefrontVersion.current,
        subcommands: [
            DemoCommand.self, ServeCommand.self, LoginCommand.self, WhoamiCommand.self,
            SearchCommand.self, ProductCommand.self, CategoriesCommand.self, CategoryCommand.self, PostsCommand.self, CartCommand.self,
            StatusCommand.self, LogoutCommand.self,
        ]
    )

    /// Before anything else, and so before a password is typed or a key or token read:
    /// a crash must not leave them in a core file.
    static func main() async {
        if storefront_forbid_core_dumps() != 0 {
            TerminalStreams().printDiagnostic(StyledText("storefront: warning:", style: .warning) + " core dumps could not be disabled; a crash could write secrets to disk.")
        }
        // Failing, SIGQUIT keeps the runtime's own way: a report, and the program goes on.
        _ = storefront_end_after_quit_report()
        await run(Array(CommandLine.arguments.dropFirst()))
    }

    /// ArgumentParser's own main, but a usage error with `--json` also ends with the
    /// JSON error object CLI.md promises (the parser prints only text).
    private static func run(_ arguments: [String]) async {
        do {
            var command = try parseAsRoot(arguments)
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            if arguments.contains("--json"), exitCode(for: error) == .validationFailure {
                let sentence = message(for: error).split(separator: "\n").first.map(String.init) ?? "The command line is not valid."
                TerminalStreams().printDiagnostic(fullMessage(for: error))
                let status = ErrorReporter(output: TerminalStreams(json: true), format: .json, verbose: false).reportUsageError(sentence)
                exit(withError: ExitCode(status.rawValue))
            }
            exit(withError: error)
        }
    }

    /// No command: the interactive mode on a terminal; anywhere else, a hint.
    ///
    /// The root takes no options of its own: `serve` has a `--gateway-key-file` and a
    /// `--data-dir` that mean something else, and a root option of the same name would
    /// swallow them. The interactive mode reads the `STOREFRONT_*` variables instead.
    func run() async throws {
        let output = TerminalStreams()
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            output.printDiagnostic(ErrorReporter.errorLine("No command given and no terminal for the interactive mode; see `storefront --help` (try `storefront demo`)."))
            throw ExitCode(ProcessExitStatus.usage.rawValue)
        }
        try await CommandLifecycle.run(try GlobalOptions.parse([])) { root in
            await InteractiveSession(root: root, output: output).run()
        }
    }
}
