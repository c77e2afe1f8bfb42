import ArgumentParser
import Foundation
import Presentation

/// Starts the app for a client command and turns its outcome into the exit status.
enum ClientCommandRunner {
    static func run(_ options: GlobalOptions, _ body: (CompositionRoot) async -> ProcessExitStatus) async throws {
        let output = TerminalOutput()
        switch CompositionRoot.start(options: options, environment: ProcessInfo.processInfo.environment, output: output) {
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
