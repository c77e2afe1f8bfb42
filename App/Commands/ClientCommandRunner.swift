import ArgumentParser
import Foundation
import Presentation

/// Starts the app for a client command and turns its outcome into the exit status.
enum ClientCommandRunner {
    /// - Parameter checkingFiles: false for `status`, which reports the data folder's
    ///   files instead of refusing them, and makes no folder.
    static func run(
        _ options: GlobalOptions,
        checkingFiles: Bool = true,
        _ body: (CompositionRoot) async -> ProcessExitStatus
    ) async throws {
        let output = TerminalOutput()
        let environment = ProcessInfo.processInfo.environment
        switch CompositionRoot.start(options: options, environment: environment, output: output, checkingFiles: checkingFiles) {
        case .failed(let failure):
            let status = ErrorReporter(output: output, format: options.format, verbose: options.verbose)
                .reportConfigurationFailure(failure.sentence)
            throw ExitCode(status.rawValue)
        case .ready(let root):
            let status = await body(root)
            await root.shutdown()
            if status != .success {
                throw ExitCode(status.rawValue)
            }
        }
    }
}
