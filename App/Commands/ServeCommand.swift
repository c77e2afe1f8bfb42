import ArgumentParser
import Backend
import Foundation
import Infrastructure
import Logging
import Presentation
import Synchronization

/// `storefront serve`: the reference backend in the foreground until SIGINT/SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the reference store backend until Ctrl-C.",
        discussion: "Prints the URL it listens on as its first line. Sealed with a payload key unless --plain; without --payload-key-file a fresh key is made and written to a file only you can read."
    )

    @Option(name: .long, help: "The address to listen on; loopback unless told otherwise.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port; 0 picks any free port.")
    var port = 8080

    @Flag(name: .long, help: "Serve plain JSON, without the payload layer.")
    var plain = false

    @Option(name: .long, help: "File with the base64 payload key to use.")
    var payloadKeyFile: String?

    @Option(name: .long, help: "Where a fresh payload key is written (default: the data directory).")
    var dataDir: String?

    @Option(name: .long, help: "Serve https with this PEM certificate chain (with --tls-key).")
    var tlsCert: String?

    @Option(name: .long, help: "The PEM private key of --tls-cert.")
    var tlsKey: String?

    @Option(name: .long, help: "How many products the catalogue holds (1 to 1,000,000).")
    var products = 300

    @Option(name: .long, help: "For tests: no access token lives longer than this many seconds.")
    var tokenLifetimeSeconds: Int?

    @Option(name: .long, help: "For tests: answer the first N requests with 503.")
    var failFirst = 0

    @Option(name: .long, help: "For tests: wait this many milliseconds before each answer.")
    var latencyMs = 0

    @Flag(name: .long, help: "Print the first line as JSON: {\"url\", \"mode\", \"keyFile\"}.")
    var json = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard (1...StoreServerConfiguration.maximumProductCount).contains(products) else {
            throw ValidationError("--products must be between 1 and 1000000.")
        }
        if plain, payloadKeyFile != nil { throw ValidationError("--plain and --payload-key-file exclude each other.") }
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together.") }
        if let tokenLifetimeSeconds, tokenLifetimeSeconds < 1 { throw ValidationError("--token-lifetime-seconds must be 1 or more.") }
        guard failFirst >= 0, latencyMs >= 0 else { throw ValidationError("--fail-first and --latency-ms must not be negative.") }
    }

    func run() async throws {
        let format: OutputFormat = json ? .json : .human
        let output = TerminalOutput(format: format)
        let errors = ErrorReporter(output: output, format: format, verbose: false)
        var configuration = StoreServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.productCount = products
        configuration.failFirstRequests = failFirst
        configuration.latency = .milliseconds(latencyMs)
        configuration.maximumAccessTokenLifetime = tokenLifetimeSeconds.map { .seconds($0) }
        if let tlsCert, let tlsKey {
            configuration.tls = TLSFiles(certificateChain: tlsCert, privateKey: tlsKey)
        }

        var keyFile: (path: String, fresh: Bool)?
        do throws(StartupFailure) {
            if !plain {
                let (key, file) = try payloadKey(environment: ProcessInfo.processInfo.environment)
                configuration.payloadKey = key
                keyFile = file
            }
        } catch {
            errors.reportConfigurationFailure(error.sentence)
            throw ExitCode(ProcessExitStatus.configuration.rawValue)
        }

        let logger = Logger(label: "storefront.backend") { _ in DiagnosticLogHandler(output: output, logLevel: .info) }
        let server: StoreServer
        do {
            server = try StoreServer(configuration: configuration, logger: logger, indexed: indexingProgress(output))
            output.endActivity()
        } catch {
            output.endActivity()
            errors.reportConfigurationFailure("The backend cannot start: \(error.description).")
            throw ExitCode(ProcessExitStatus.configuration.rawValue)
        }
        let host = self.host
        let scheme = tlsCert == nil ? "http" : "https"
        let modeLine = switch keyFile {
        case nil: "Plain mode: bodies are plain JSON."
        case let (path, true)?: "Sealed with a fresh key in \(path); clients use --payload-key-file \(path)."
        case let (path, false)?: "Sealed with the key in \(path)."
        }
        let listening = Mutex(false)
        let keyPath = keyFile?.path
        do {
            try await server.runUntilSignalled { port in
                listening.withLock { $0 = true }
                let url = "\(scheme)://\(host):\(port)"
                if format == .json {
                    output.printLine(ServingDocument.json(url: url, sealed: keyPath != nil, keyFile: keyPath))
                } else {
                    output.printLine(url)
                    output.printLine(modeLine)
                }
            }
        } catch {
            // Before it listened, this is a start-up failure (CLI.md: 78), most often a
            // taken port; after, the server stopped under way.
            guard listening.withLock({ $0 }) else {
                errors.reportConfigurationFailure("The backend cannot listen on \(host):\(port): \(error); choose another --port.")
                throw ExitCode(ProcessExitStatus.configuration.rawValue)
            }
            throw ExitCode(errors.report(.unexpected(detail: "the backend stopped: \(error)")).rawValue)
        }
    }

    /// Shows the catalogue's index being built: on a terminal, a spinner with the count;
    /// elsewhere, for a catalogue large enough to take a while, one line saying so.
    private func indexingProgress(_ output: TerminalOutput) -> (Int) -> Void {
        let total = products
        let label = { (done: Int) in "Indexing the catalogue: \(done.formatted()) of \(total.formatted()) products" }
        if output.decoratesStandardError {
            output.beginActivity(label(0))
            return { output.updateActivity(label($0)) }
        }
        if total >= 100_000, !json {
            output.printDiagnostic("Indexing \(total.formatted()) products; the backend listens when it is done.")
        }
        return { _ in }
    }

    /// The key from --payload-key-file, or a fresh one written to a private file; and
    /// the file, and whether it is fresh.
    private func payloadKey(environment: [String: String]) throws(StartupFailure) -> (AES256Key, (path: String, fresh: Bool)) {
        if let payloadKeyFile {
            return (try ClientSettings.key(fromFile: payloadKeyFile), (payloadKeyFile, false))
        }
        // Beside the client's session, so `serve` and the commands agree on where state lives.
        let directory = ClientSettings.directories(
            dataDirectory: dataDir ?? environment["STOREFRONT_DATA_DIR"], environment: environment
        ).state
        let file = (directory as NSString).appendingPathComponent("backend-payload.key")
        do {
            let key = try AES256Key.random()
            try PrivateFiles.createDirectory(at: directory)
            try PrivateFiles.writeAtomically(Array((key.base64EncodedString + "\n").utf8), to: file)
            return (key, (file, true))
        } catch let error as CryptoError {
            throw StartupFailure("No payload key could be made: \(error.description).")
        } catch let error as FileSystemError {
            throw StartupFailure("The payload key could not be written: \(error.description).")
        } catch {
            throw StartupFailure("The payload key could not be prepared: \(error).")
        }
    }
}
