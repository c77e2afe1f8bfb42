import AppShared
import ArgumentParser
import Presentation

/// `storefront serve`: the reference backend in the foreground until SIGINT/SIGTERM.
///
/// The server is a program of its own, `storefront-server`, installed beside this one:
/// the client would otherwise carry the server's code (Hummingbird, and the protocol
/// conformances the runtime walks on every start), and every command would pay for it.
/// This command keeps `serve` in the help, the manual page and the completions, checks
/// the options, and then becomes that program, same process, same options.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: ServeOptions.abstract,
        discussion: ServeOptions.help.discussion
    )

    @OptionGroup var options: ServeOptions

    func run() throws {
        let arguments = CommandLine.arguments
        let forwarded = arguments.firstIndex(of: "serve").map { Array(arguments[($0 + 1)...]) } ?? []
        let failure = BundledServer.replaceProcess(arguments: forwarded)
        let format: OutputFormat = options.json ? .json : .human
        let output = TerminalStreams(json: format == .json)
        ErrorReporter(output: output, format: format, verbose: false).reportStartupFailure(failure.sentence, code: failure.code)
        throw ExitCode(failure.exitStatus)
    }
}
