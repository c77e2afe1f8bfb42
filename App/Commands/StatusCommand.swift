import ArgumentParser
import Foundation
import Presentation

/// `storefront status`: what the program would use, and whether the session is safe,
/// without changing anything (no folder made, no network), signed in or not.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the backend, the payload mode, TLS trust, who is signed in, and where the session and cache are."
    )

    @Flag(name: .long, help: "Also ask the backend whether the session is still good (the one status that uses the network).")
    var check = false

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let output = TerminalOutput()
        switch CompositionRoot.start(options: options, environment: ProcessInfo.processInfo.environment, output: output, checkingFiles: false) {
        case .failed(let failure):
            let status = ErrorReporter(output: output, format: options.format, verbose: options.verbose)
                .reportConfigurationFailure(failure.sentence)
            throw ExitCode(status.rawValue)
        case .ready(let root):
            let report = await root.makeStatusReport(checkingWithBackend: check)
            StatusPresenter(output: output, format: options.format).show(report)
            await root.shutdown()
        }
    }
}
