import SystemPackage
import ArgumentParser
import AppShared
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Infrastructure
import Logging
import Presentation

/// `storefront demo`: the whole app for real, with no set-up: the bundled backend (a
/// child process, `storefront-server`) on a free loopback port with a fresh key, a
/// throw-away data folder, and the login and search flows over sealed HTTP, the
/// offline answer included.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the login, search and cart flows against the bundled backend, offline answer included.",
        discussion: help.discussion
    )

    /// What `--help`, the manual page and the documents say of the command beyond its abstract.
    static let help = CommandHelp(
        does: "Starts the bundled backend on a free loopback port, with a fresh gateway key (sealed with Oblivious HTTP) and a throw-away data folder, and runs the flows against it over real HTTP: log in as `emilys`, show the user, search `phone` (pages 1 and 2), add two of product 1 to the cart (a write, sent once), search again while the answer is fresh (from the cache, nothing sent) and with `--refresh` (a 304), stop the backend, search once more (the kept answer, saying so), log out. Prints each step and its time; `--json` gives one document. Needs no set-up and no network. Exits 0 only when every step did what it should.",
        json: "each step, whether it did what it should, and its time",
        examples: [
            CommandHelp.Example("storefront demo", "every step of the flows against a backend of its own"),
        ]
    )

    @Flag(name: .long, help: "Also print each HTTP exchange and cache lookup.")
    var verbose = false

    @Flag(name: .long, help: "Print one JSON document: each step, whether it did what it should, and its time.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Where the demo keeps its session (as for every command; env STOREFRONT_SESSION_STORE).", valueName: "store"), completion: .list(CompositionRoot.sessionStores.names))
    var sessionStore: String?

    func validate() throws {
        try GlobalOptions.validate(sessionStore: sessionStore)
    }

    func run() async throws {
        let format: OutputFormat = json ? .json : .human
        let output = TerminalStreams(json: format == .json)
        let errors = ErrorReporter(output: output, format: format, verbose: verbose)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-demo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let keys: GatewayKeyRing
        let configurationFile: String
        let backend: DemoBackend
        do throws(StartupFailure) {
            let ring: String
            (ring, configurationFile, keys) = try KeyFile.writeFresh(into: folder, elsewhere: StartupFailure.anotherTemporaryFolder)
            backend = try await DemoBackend.start(in: folder, keyFile: ring, log: FilePath(folder).appending("backend.log").string)
        } catch {
            errors.reportStartupFailure(error.sentence, code: error.code)
            throw ExitCode(error.exitStatus)
        }
        let baseURL = backend.url

        if format == .human {
            output.printLine("Storefront demo: backend on \(baseURL.absoluteString), sealed with Oblivious HTTP to a fresh X25519 key, id \(keys.current.configuration.keyID); data in \(folder)")
        }
        let settings = ClientSettings(
            baseURL: baseURL,
            oblivious: ObliviousSettings(keys: .file(configurationFile, keys.current.configuration), relay: nil, source: configurationFile),
            stateDirectory: FilePath(folder).appending("state").string,
            cacheDirectory: FilePath(folder).appending("cache").string
        )
        let root: CompositionRoot
        // With --json the presenters' own lines would be documents of their own; they go nowhere.
        let presenterOutput: any ConsoleOutput = json ? DiscardedOutput() : output
        // The implementations a person chose are the ones the demo shows working.
        switch await CommandLifecycle.start(
            settings: settings, sessionStoreOption: sessionStore, environment: ProcessInfo.processInfo.environment,
            output: presenterOutput, format: .human, verbose: verbose, terminal: .standardOutput()
        ) {
        case .ready(let ready):
            root = ready
        case .failed(let failure):
            await backend.stop()
            errors.reportStartupFailure(failure.sentence, code: failure.code)
            throw ExitCode(failure.exitStatus)
        }
        let script = DemoScript(root: root, output: output, format: format, backend: baseURL.absoluteString, stopBackend: {
            await backend.stop()
        })

        let succeeded = await script.run()
        await root.shutdown()
        await backend.stop()
        if !succeeded {
            throw ExitCode(ProcessExitStatus.failure.rawValue)
        }
    }
}
