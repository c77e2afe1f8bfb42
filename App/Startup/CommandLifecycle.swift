import AppShared
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Presentation
#if canImport(Glibc)
import Glibc
#endif

/// Whether the app can run: `.ready` with its object graph, or `.failed` with one
/// sentence for a person. Start-up never traps and never falls back to a silent stub.
enum StartupState {
    case ready(CompositionRoot)
    case failed(StartupFailure)
}

/// One client command from start to exit status: starts the graph (a failure is its
/// sentence and status: 78, or the status its own words carry), hands it to the
/// command, lets go of the network however the command ended, and turns the outcome
/// into the process's exit status.
///
/// Start-up is the settings resolved (options over environment), the graph built, and
/// what the session store and the cache keep checked, each store by its own rule, so a
/// store that keeps its secrets elsewhere is covered too.
enum CommandLifecycle {
    /// `checkingFiles: false` is for `status`, which reports the data folder's files
    /// instead of refusing them, and makes no folder.
    static func run(
        _ options: GlobalOptions,
        checkingFiles: Bool = true,
        _ command: (CompositionRoot) async throws -> ProcessExitStatus
    ) async throws {
        let environment = ProcessInfo.processInfo.environment
        let output = TerminalStreams(json: options.format == .json, environment: environment)
        let terminal = TerminalProbe.standardOutput()
        switch await start(options: options, environment: environment, output: output, terminal: terminal, checkingFiles: checkingFiles) {
        case .failed(let failure):
            ErrorReporter(output: output, format: options.format, verbose: options.verbose)
                .reportStartupFailure(failure.sentence, code: failure.code)
            throw ExitCode(failure.exitStatus)
        case .ready(let root):
            let status: ProcessExitStatus
            do {
                status = try await command(root)
            } catch {
                await root.shutdown()
                throw error
            }
            await root.shutdown()
            if status != .success {
                throw ExitCode(status.rawValue)
            }
        }
    }

    /// Resolves the settings and builds the graph, or says why it cannot.
    /// `checkingFiles: false` is for `status`, which reports the files rather than refusing them.
    static func start(
        options: GlobalOptions, environment: [String: String], output: any ConsoleOutput,
        terminal: TerminalProbe, checkingFiles: Bool = true
    ) async -> StartupState {
        let settings: ClientSettings
        do {
            settings = try ClientSettings.resolve(options, environment: environment, checkingFiles: checkingFiles)
        } catch {
            return .failed(error)
        }
        return await start(
            settings: settings, sessionStoreOption: options.sessionStore, environment: environment,
            output: output, format: options.format, verbose: options.verbose, terminal: terminal, checkingFiles: checkingFiles
        )
    }

    /// Builds the graph from settings already resolved (the demo makes its own), then
    /// refuses anything the session store or the cache keeps that is not private.
    static func start(
        settings: ClientSettings, sessionStoreOption: String?, environment: [String: String],
        output: any ConsoleOutput, format: OutputFormat, verbose: Bool, terminal: TerminalProbe, checkingFiles: Bool = true
    ) async -> StartupState {
        let root: CompositionRoot
        do {
            root = try CompositionRoot(
                settings: settings, sessionStoreOption: sessionStoreOption, environment: environment,
                output: output, format: format, verbose: verbose, terminal: terminal
            )
        } catch {
            return .failed(error)
        }
        if checkingFiles, let failure = await root.checkPrivacy() {
            return .failed(failure)
        }
        return .ready(root)
    }
}

/// What standard output goes to, read once as a command starts: presenters are handed
/// the answers (a table or tab-separated lines, how wide), not the question.
struct TerminalProbe: Sendable {
    /// Whether standard output is a terminal: tables when it is, plain lines when piped.
    let standardOutputIsTerminal: Bool
    /// The width tables and text fit when standard output is a terminal; nil when piped,
    /// so the next program gets every title whole.
    let columns: Int?

    /// Standard output of this process, as it is now.
    static func standardOutput() -> TerminalProbe {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        return TerminalProbe(standardOutputIsTerminal: isTerminal, columns: isTerminal ? RawTerminal.size().columns : nil)
    }
}
