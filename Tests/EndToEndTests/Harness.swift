import Backend
import Foundation
import Infrastructure
import Logging
import TestSupport

/// The bundled backend, started in-process on an ephemeral loopback port.
final class RunningBackend: Sendable {
    let server: StoreServer
    let url: String
    /// The gateway's current key; nil in plain mode.
    let key: ObliviousGatewayKey?
    private let task: Task<Void, any Error>
    /// Its sessions and replay memory, closed once the server has stopped.
    private let store: any BackendStore
    /// The PostgreSQL database made for it alone, dropped once it has stopped.
    private let ownDatabase: PostgresTestDatabase?

    private init(
        server: StoreServer, url: String, key: ObliviousGatewayKey?, task: Task<Void, any Error>, store: any BackendStore,
        ownDatabase: PostgresTestDatabase?
    ) {
        self.server = server
        self.url = url
        self.key = key
        self.task = task
        self.store = store
        self.ownDatabase = ownDatabase
    }

    /// - Parameter tls: serve https with these files; the URL then names `localhost`,
    ///   the name test certificates are issued for.
    static func start(
        key: GatewayKey?,
        clock: any WallClock = SystemWallClock(),
        tokenLifetime: Duration? = nil,
        tls: TLSFiles? = nil,
        database: String? = nil,
        on kind: StoreDatabaseKind = .sqlite,
        log: SpyLog? = nil
    ) async throws -> RunningBackend {
        try await start(keys: key.map { GatewayKeys($0.ring) }, clock: clock, tokenLifetime: tokenLifetime, tls: tls, database: database, on: kind, log: log)
    }

    /// - Parameters:
    ///   - keys: the gateway's ring (a file it reads again when replaced); nil serves
    ///     plain JSON.
    ///   - database: where its sessions and replay memory are kept, which a restart (or a
    ///     second backend) on the same database shares: a URI as `serve --database` takes
    ///     it (`sqlite:FILE`, or `PostgresTestDatabase`'s); SQLite in memory when nil.
    ///   - kind: with no `database`, SQLite in memory, or a PostgreSQL database made for
    ///     this backend alone and dropped when it stops.
    ///   - log: where the backend's log lines go; nowhere when nil.
    static func start(
        keys: GatewayKeys?,
        clock: any WallClock = SystemWallClock(),
        tokenLifetime: Duration? = nil,
        tls: TLSFiles? = nil,
        database: String? = nil,
        on kind: StoreDatabaseKind = .sqlite,
        log: SpyLog? = nil
    ) async throws -> RunningBackend {
        guard let started = StartedBackends.current else {
            throw CLI.Failure(description: "a backend is started only in a suite marked .stopsItsBackends, which stops it when the test ends")
        }
        var configuration = StoreServerConfiguration()
        configuration.port = 0
        configuration.gatewayKeys = keys
        configuration.maximumAccessTokenLifetime = tokenLifetime
        configuration.tls = tls
        let ownDatabase = database == nil ? try await kind.ownDatabase() : nil
        let store: any BackendStore
        do {
            store = try await openStore(database ?? ownDatabase?.uri)
        } catch {
            await ownDatabase?.drop()
            throw error
        }
        let server: StoreServer
        do {
            server = try StoreServer(
                configuration: configuration,
                store: store,
                logger: log?.logger() ?? Logger(label: "test.backend") { _ in SwiftLogNoOpLogHandler() },
                clock: clock
            )
        } catch {
            await store.close()
            await ownDatabase?.drop()
            throw error
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run { continuation.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            task.cancel()
            _ = await task.result
            await store.close()
            await ownDatabase?.drop()
            throw CLI.Failure(description: "the backend did not start")
        }
        let url = tls == nil ? "http://127.0.0.1:\(port)" : "https://localhost:\(port)"
        let backend = RunningBackend(server: server, url: url, key: keys?.current, task: task, store: store, ownDatabase: ownDatabase)
        started.add(backend)
        return backend
    }

    /// The store in `database`, a URI as `serve --database` takes it; SQLite in memory when nil.
    static func openStore(_ database: String?) async throws -> any BackendStore {
        guard let database else { return try await SQLiteBackendStore.open(file: nil) }
        return try await DatabaseAddress(uri: database).open(logger: Logger(label: "test.backend.store") { _ in SwiftLogNoOpLogHandler() })
    }

    /// A recording relay in front of this backend, on a loopback port of its own.
    func relay() throws -> RecordingProxy {
        try RecordingProxy(backendPort: port(), forwarding: .relay)
    }

    /// A recording balancer in front of this backend: clients name it as the store.
    func balancer() throws -> RecordingProxy {
        try RecordingProxy(backendPort: port(), forwarding: .balancer)
    }

    private func port() throws -> UInt16 {
        guard let port = URL(string: url)?.port.flatMap({ UInt16(exactly: $0) }) else {
            throw CLI.Failure(description: "the backend's URL \(url) names no port")
        }
        return port
    }

    /// Stops the server and waits until its run has returned; requests after this find
    /// nothing listening. Safe to call more than once: the test's scope calls it again.
    func stop() async {
        task.cancel()
        _ = await task.result
        await store.close()
        await ownDatabase?.drop()
    }
}

/// Which database a test backend keeps its sessions and replay memory in.
extension StoreDatabaseKind {
    /// Each database the backend offers, PostgreSQL unless asked by name to skip it
    /// (`STOREFRONT_SKIP_POSTGRES=1`).
    static let tested: [StoreDatabaseKind] = allCases.filter { $0 != .postgresql || !PostgresTestDatabase.skipped }

    /// A database of the test's own where this kind needs one (PostgreSQL); nil for
    /// SQLite, whose file lives in a folder the test already has.
    func ownDatabase() async throws -> PostgresTestDatabase? {
        switch self {
        case .sqlite: nil
        case .postgresql: try await PostgresTestDatabase.make()
        }
    }
}

/// Runs the real `storefront` binary in a clean environment of its own.
struct CLI: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String

        var everything: String { standardOutput + standardError }
    }

    let dataDirectory: String
    var environment: [String: String]
    /// Where the child keeps its session.
    let sessionStore: ClientSessionStore
    /// Keeps a folder this CLI made for itself alive as long as the CLI, then removes it.
    private let ownFolder: TemporaryDirectory?
    /// The keyrings of this CLI's own, for a keyring child: its keys go with the last
    /// copy of this CLI.
    private let keyrings: KeyringNamespace?
    /// Keeps the key configuration file the environment names alive as long as the CLI.
    private let key: GatewayKey?

    /// - Parameters:
    ///   - dataDirectory: where the session and cache go; a fresh temporary folder,
    ///     removed with this value, when nil.
    ///   - keyrings: where a keyring child runs; keyrings of its own when nil.
    init(
        backend: RunningBackend?, key: GatewayKey?, dataDirectory: String? = nil,
        transport: ClientTransport = .asyncHTTPClient, sessionStore: ClientSessionStore = .file,
        keyrings: KeyringNamespace? = nil
    ) throws {
        ownFolder = dataDirectory == nil ? try TemporaryDirectory() : nil
        self.key = key
        let dataDirectory = dataDirectory ?? ownFolder?.path ?? ""
        self.dataDirectory = dataDirectory
        self.sessionStore = sessionStore
        self.keyrings = sessionStore == .keyring ? try keyrings ?? KeyringNamespace() : nil
        var environment = ChildEnvironment.clean(home: dataDirectory, ["STOREFRONT_DATA_DIR": dataDirectory])
        environment["STOREFRONT_BASE_URL"] = backend?.url
        environment["STOREFRONT_OHTTP_KEYS_FILE"] = key?.configurationFile
        environment["STOREFRONT_TRANSPORT"] = transport.rawValue
        environment["STOREFRONT_SESSION_STORE"] = sessionStore.rawValue
        self.environment = environment
    }

    /// The session as the child's store keeps it (the file's text, or the key's
    /// payload), or nil when none is kept.
    func storedSession() async throws -> String? {
        guard let keyrings else { return try? String(contentsOfFile: dataDirectory + "/session.json", encoding: .utf8) }
        return try await keyrings.payload(of: SessionKeys.name(for: dataDirectory))
    }

    /// A sealed backend and a CLI already signed in to it as emilys.
    static func signedIn(
        clock: any WallClock = SystemWallClock(),
        tokenLifetime: Duration? = nil,
        transport: ClientTransport = .asyncHTTPClient,
        sessionStore: ClientSessionStore = .file,
        database: StoreDatabaseKind = .sqlite
    ) async throws -> (RunningBackend, CLI, GatewayKey) {
        let key = try GatewayKey.fresh()
        let backend = try await RunningBackend.start(key: key, clock: clock, tokenLifetime: tokenLifetime, on: database)
        do {
            let cli = try CLI(backend: backend, key: key, transport: transport, sessionStore: sessionStore)
            let login = try await cli.run(["login", "--username", "emilys", "--password-stdin"], input: "emilyspass\n")
            guard login.status == 0 else { throw Failure(description: "login failed: \(login.everything)") }
            return (backend, cli, key)
        } catch {
            await backend.stop()
            throw error
        }
    }

    /// Runs `storefront arguments…`, feeding `input` on standard input. Both outputs are
    /// read while it runs, and a cancelled test (its time limit) tears the child down.
    func run(_ arguments: [String], input: String = "") async throws -> Result {
        try await run(program: try Self.executable().path, arguments, input: input)
    }

    /// Runs `program arguments…` as this CLI runs `storefront`: in its environment, and
    /// for a keyring child inside its own keyrings. For a launcher that runs storefront.
    func run(program: String, _ arguments: [String], input: String = "") async throws -> Result {
        let (program, arguments) = try await keyrings?.command(program, arguments) ?? (program, arguments)
        let child = try await ChildProcess.run(program, arguments: arguments, environment: environment, input: input)
        return Result(status: child.status, standardOutput: child.standardOutput, standardError: child.standardError)
    }

    /// The `storefront` binary that `swift test` built next to the test bundle, and no
    /// other: a binary found elsewhere (an old `.build/debug/`) could be stale.
    static func executable() throws -> URL {
        try BuiltProgram.beside("storefront")
    }
}

extension Process {
    /// Starts the process and waits for it without blocking a thread; its exit status.
    /// For a child on a terminal, which `ChildProcess` cannot give one. A cancelled wait
    /// (the test's time limit) kills the child, so the wait ends and throws.
    func runUntilExit() async throws -> Int32 {
        let status = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
                do {
                    try run()
                } catch {
                    terminationHandler = nil
                    continuation.resume(throwing: error)
                    return
                }
                // A cancel that came while `run()` was still starting the child found no
                // process identifier to kill (the handler below runs once, at the cancel);
                // the child has one now.
                if Task.isCancelled { kill(processIdentifier, SIGKILL) }
            }
        } onCancel: {
            // Only a started child: kill(0, …) would signal the whole process group.
            let identifier = processIdentifier
            if identifier > 0 { kill(identifier, SIGKILL) }
        }
        try Task.checkCancellation()
        return status
    }
}

/// `storefront serve ARGUMENTS` as a child process, once it has printed its first line
/// (the URL it listens on): by then it is up, and its main() has run.
final class ServeProcess {
    let process: Process
    let firstLine: String
    /// Its log (standard error), when asked for: read it, or a busy server blocks once
    /// the pipe is full.
    let log: FileHandle?
    /// Its `HOME`: where `serve` keeps a key it makes, never the runner's home.
    private let home: TemporaryDirectory

    init(_ arguments: [String], keepingLog: Bool = false) async throws {
        home = try TemporaryDirectory()
        process = Process()
        process.executableURL = try CLI.executable()
        process.arguments = ["serve"] + arguments
        process.environment = ChildEnvironment.clean(home: home.path)
        let output = Pipe()
        process.standardOutput = output
        let logPipe = keepingLog ? Pipe() : nil
        process.standardError = logPipe.map { $0 as Any } ?? FileHandle.nullDevice
        log = logPipe?.fileHandleForReading
        try process.run()
        firstLine = try await firstOutputLine(of: process, from: output.fileHandleForReading)
    }

    deinit {
        process.terminate()
    }
}
