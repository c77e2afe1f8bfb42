import AppShared
import ArgumentParser
import Backend
import CProcessControl
import Foundation
import Infrastructure
import Logging
import Synchronization

/// `storefront-server`: the reference backend in the foreground until SIGINT/SIGTERM.
///
/// A program of its own, so the `storefront` client does not carry the server's code:
/// `storefront serve` runs this program in its place with the same options, and
/// `storefront demo` starts it as a child.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storefront-server",
        abstract: ServeOptions.abstract,
        discussion: ServeOptions.help.does + " `storefront serve` runs this program with the same options.",
        version: StorefrontVersion.current
    )

    @OptionGroup var options: ServeOptions

    /// For a parent such as `storefront demo`: stop once standard input ends, which it
    /// does when the parent closes its end or dies by any signal, SIGKILL included.
    @Flag(name: .long, help: .hidden)
    var stopAtEndOfInput = false

    /// ArgumentParser's own main, after the process is kept from writing a core file:
    /// the gateway's private key is in memory from the start. Needed even when `storefront serve`
    /// ran this program, as `execv` resets the kernel's dumpable flag.
    static func main() async {
        if storefront_forbid_core_dumps() != 0 {
            ServerConsole(json: false).warn("core dumps could not be disabled; a crash could write secrets to disk.")
        }
        // Failing, SIGQUIT keeps the runtime's own way: a report, and the program goes on.
        _ = storefront_end_after_quit_report()
        do {
            var command = try parseAsRoot()
            if let server = command as? ServerCommand {
                try await server.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    func run() async throws {
        let console = ServerConsole(json: options.json)
        var configuration = StoreServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.productCount = options.products
        configuration.failFirstRequests = options.failFirst
        configuration.latency = .milliseconds(options.latencyMs)
        configuration.maximumAccessTokenLifetime = options.tokenLifetimeSeconds.map { .seconds($0) }
        if let tlsCert = options.tlsCert, let tlsKey = options.tlsKey {
            configuration.tls = TLSFiles(certificateChain: tlsCert, privateKey: tlsKey)
        }

        if options.rotateKey {
            try await rotate(console: console, environment: ProcessInfo.processInfo.environment)
            return
        }
        var sealing: Sealing?
        do throws(StartupFailure) {
            if !options.plain {
                let gateway = try gatewayKeys(environment: ProcessInfo.processInfo.environment)
                sealing = gateway
                configuration.gatewayKeys = gateway.keys
            }
        } catch {
            throw console.fail(error)
        }
        let (store, database) = try await openStore(console: console, logger: logger(console), environment: ProcessInfo.processInfo.environment)
        do {
            try await serve(configuration, sealing: sealing, store: store, database: database, console: console)
        } catch {
            await store.close()
            throw error
        }
        await store.close()
    }

    /// Builds the server on `store` and serves until a signal, saying where it listens.
    private func serve(
        _ configuration: StoreServerConfiguration, sealing: Sealing?, store: any BackendStore, database: DatabaseAddress, console: ServerConsole
    ) async throws {
        let logger = logger(console)
        let server: StoreServer
        do {
            server = try StoreServer(configuration: configuration, store: store, logger: logger, indexed: indexingProgress(console))
            console.streams.endActivity()
        } catch {
            console.streams.endActivity()
            throw console.fail(StartupFailure("The backend cannot start: \(error.description)."))
        }
        if stopAtEndOfInput {
            EndOfInput.stopProcessWhenReached()
        }
        let host = options.host
        let scheme = options.tlsCert == nil ? "http" : "https"
        let modeLine = switch sealing {
        case nil: "Plain mode: bodies are plain JSON."
        case let sealing?: "Sealed with Oblivious HTTP (RFC 9458) at \(ObliviousGatewayPath.wellKnown): the key ring in \(sealing.ring), "
            + "current key \(sealing.keyID)\(sealing.fresh ? ", made now" : ""); clients use --ohttp-keys-file \(sealing.clientFile)."
        }
        let listening = Mutex(false)
        let keyPath = sealing?.clientFile
        let keyID = sealing.map { String($0.keyID) }
        do {
            try await server.runUntilSignalled { port in
                listening.withLock { $0 = true }
                // An IPv6 address goes in brackets (RFC 3986 section 3.2.2), as a client reads it.
                let url = "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
                if console.json {
                    console.printDocument(ServingDocument(
                        url: url, sealed: keyPath != nil, keyFile: keyPath, keyID: keyID, store: database.kind.rawValue, database: database.description
                    ))
                } else {
                    console.printLine(url)
                    console.printLine(modeLine)
                    console.printLine("Sessions and the replay memory are kept in \(database.description) (\(database.kind.name)).")
                }
            }
        } catch {
            // Before it listened, this is a start-up failure (CLI.md: 78), most often a
            // taken port; after, the server stopped under way.
            guard listening.withLock({ $0 }) else {
                throw console.fail(StartupFailure("The backend cannot listen on \(host):\(options.port): \(error); choose another --port."))
            }
            throw console.failUnexpectedly("The backend stopped unexpectedly: \(error).")
        }
    }

    /// The backend's diagnostics, on standard error.
    func logger(_ console: ServerConsole) -> Logger {
        Logger(label: "storefront.backend") { _ in DiagnosticLogHandler(logLevel: .info, print: console.printDiagnostic) }
    }

    /// Shows the catalogue's index being built: on a terminal, a spinner with the count;
    /// elsewhere, for a catalogue large enough to take a while, one line saying so.
    private func indexingProgress(_ console: ServerConsole) -> (Int) -> Void {
        let output = console.streams
        let total = options.products
        let label = { (done: Int) in "Indexing the catalogue: \(done.formatted()) of \(total.formatted()) products" }
        if output.decoratesStandardError {
            output.beginActivity(label(0))
            return { output.updateActivity(label($0)) }
        }
        if total >= 100_000, !options.json {
            console.printDiagnostic("Indexing \(total.formatted()) products; the backend listens when it is done.")
        }
        return { _ in }
    }

    /// How the backend seals: the ring it reads (again whenever it is replaced), the
    /// configuration file a client uses, the current key's id, and whether it was made now.
    struct Sealing {
        let keys: GatewayKeys
        let ring: String
        let clientFile: String
        let keyID: UInt8
        let fresh: Bool
    }

    /// The ring in --gateway-key-file, or a fresh one written to a private file in the
    /// data directory; either way the clients' configuration is written beside it.
    private func gatewayKeys(environment: [String: String]) throws(StartupFailure) -> Sealing {
        let ringFile: String
        let fresh: Bool
        if let gatewayKeyFile = options.gatewayKeyFile {
            ringFile = gatewayKeyFile
            fresh = false
        } else {
            (ringFile, _, _) = try KeyFile.writeFresh(into: stateDirectory(environment))
            fresh = true
        }
        let keys: GatewayKeys
        do {
            keys = try GatewayKeys(file: ringFile)
        } catch {
            throw KeyFile.refusal(error, file: ringFile)
        }
        let clientFile = try KeyFile.publish(keys.lastRead, besideRing: ringFile, now: Date())
        return Sealing(keys: keys, ring: ringFile, clientFile: clientFile, keyID: keys.current.configuration.keyID, fresh: fresh)
    }

    /// `--rotate-key`: a new current key for the ring, the previous one kept for
    /// --previous-key-lifetime seconds; then the program ends without serving.
    private func rotate(console: ServerConsole, environment: [String: String]) async throws {
        let ringFile = options.gatewayKeyFile ?? (stateDirectory(environment) as NSString).appendingPathComponent(KeyFile.ringName)
        let rotated: (ring: GatewayKeyRing, configuration: String)
        do {
            rotated = try await KeyFile.rotate(ringFile: ringFile, previousLifetime: Int64(options.previousKeyLifetime), now: Date())
        } catch {
            throw console.fail(error)
        }
        let document = RotationDocument(ring: ringFile, keyFile: rotated.configuration, ring: rotated.ring)
        if options.json {
            console.printDocument(document)
            return
        }
        console.printLine("Rotated the key ring in \(ringFile): the current key is \(document.keyId); clients use --ohttp-keys-file \(rotated.configuration).")
        for previous in document.previous {
            console.printLine("The key \(previous.keyId) is accepted until \(previous.notAfter).")
        }
    }

    /// Beside the client's session, so `serve` and the commands agree on where state lives.
    func stateDirectory(_ environment: [String: String]) -> String {
        DataDirectories.resolve(dataDirectory: options.dataDir ?? environment["STOREFRONT_DATA_DIR"], environment: environment).state
    }
}
