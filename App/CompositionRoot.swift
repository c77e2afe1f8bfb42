import AppShared
import ArgumentParser
import Data
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import HTTPClientAdapter
import Infrastructure
import Logging
import Presentation
#if URLSessionTransport
import URLSessionAdapter
#endif

/// The one place that builds the client's object graph (presenters, use cases,
/// repositories, the store client, the session store, the cache, the chain and its
/// adapter), each handed what it needs through its initialiser: no other file decides
/// which implementation a protocol gets. Two recipes it calls build their parts the
/// same way for every caller: `InterceptedTransport.storeChain` (the interceptors, in
/// the order the benchmark runs too) and the terminal's own objects (`InteractiveSession`'s
/// raw terminal and view; the output the command line prints with before a graph exists).
///
/// Read top to bottom, it goes from a command inward, the way a request travels:
/// start-up (the settings, or why they are refused), the presenters with their use
/// cases, the repositories those read through, and the network under them (transport,
/// interceptors, logger).
struct CompositionRoot: Sendable {
    private let settings: ClientSettings
    private let output: any ConsoleOutput
    private let format: OutputFormat
    private let verbose: Bool
    private let logger: Logger
    private let clock: any WallClock = SystemWallClock()
    /// One session store for the process, shared by the chain and the repositories, so
    /// the session file is read once per command.
    private let sessions: FileSessionStore
    /// One cache for the process: every repository reads through it, and `status` reports it.
    private let cache: any ResponseCache
    /// One interceptor chain and adapter for the process, so connections are reused.
    private let chain: InterceptedTransport
    /// Closes the adapter's connections; called once, when the command is done.
    private let closeTransport: @Sendable () async -> Void

    private init(settings: ClientSettings, output: any ConsoleOutput, format: OutputFormat, verbose: Bool) throws(StartupFailure) {
        self.settings = settings
        self.output = output
        self.format = format
        self.verbose = verbose
        self.logger = Self.makeLogger(output: output, verbose: verbose)
        let sessions = FileSessionStore(directory: settings.stateDirectory)
        self.sessions = sessions
        self.cache = FileResponseCache(directory: settings.cacheDirectory, clock: clock)
        (self.chain, self.closeTransport) = try Self.makeChain(settings: settings, sessions: sessions, logger: logger, clock: clock) { [output] wait in
            output.updateActivity("The store asked to wait; asking again in \(ErrorMessage.waitText(wait))")
        }
    }

    /// Resolves the settings and builds the graph, or says why it cannot.
    /// `checkingFiles: false` is for `status`, which reports the files rather than refusing them.
    static func start(options: GlobalOptions, environment: [String: String], output: any ConsoleOutput, checkingFiles: Bool = true) -> StartupState {
        switch ClientSettings.resolve(options, environment: environment, checkingFiles: checkingFiles) {
        case .success(let settings):
            start(settings: settings, output: output, format: options.format, verbose: options.verbose, checkingFiles: checkingFiles)
        case .failure(let failure):
            .failed(failure)
        }
    }

    /// Builds the graph from settings already resolved (the demo makes its own), then
    /// refuses any file of the session store or the cache that is not private: each
    /// store names its own folders, so a store that keeps files elsewhere is covered too.
    static func start(settings: ClientSettings, output: any ConsoleOutput, format: OutputFormat, verbose: Bool, checkingFiles: Bool = true) -> StartupState {
        let root: CompositionRoot
        do {
            root = try CompositionRoot(settings: settings, output: output, format: format, verbose: verbose)
        } catch {
            return .failed(error)
        }
        if checkingFiles, let failure = ClientSettings.checkOwnedFiles(in: root.sessions.ownedFolders + root.cache.ownedFolders) {
            return .failed(failure)
        }
        return .ready(root)
    }

    /// Runs one client command: starts the graph (a failure is its sentence and exit 78),
    /// hands it to `body`, lets go of the network, and turns the outcome into the exit
    /// status. `checkingFiles: false` is for `status`, which reports the data folder's
    /// files instead of refusing them, and makes no folder.
    static func run(
        _ options: GlobalOptions,
        checkingFiles: Bool = true,
        _ body: (CompositionRoot) async throws -> ProcessExitStatus
    ) async throws {
        let environment = ProcessInfo.processInfo.environment
        let output = TerminalOutput(format: options.format, environment: environment)
        switch start(options: options, environment: environment, output: output, checkingFiles: checkingFiles) {
        case .failed(let failure):
            let status = ErrorReporter(output: output, format: options.format, verbose: options.verbose)
                .reportConfigurationFailure(failure.sentence)
            throw ExitCode(status.rawValue)
        case .ready(let root):
            let status: ProcessExitStatus
            do {
                status = try await body(root)
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

    /// Lets go of the network: pooled connections are closed before the process ends.
    func shutdown() async {
        await closeTransport()
    }

    // MARK: Presenters

    func makeSignInPresenter() -> SignInPresenter {
        SignInPresenter(logIn: LogIn(repository: makeAuthRepository()), output: output, format: format, errors: makeErrorReporter())
    }

    func makeAccountPresenter() -> AccountPresenter {
        let repository = makeAuthRepository()
        return AccountPresenter(
            getCurrentUser: GetCurrentUser(repository: repository),
            logOut: LogOut(repository: repository),
            output: output,
            format: format,
            errors: makeErrorReporter()
        )
    }

    func makeSearchPresenter() -> SearchPresenter {
        SearchPresenter(
            searchProducts: SearchProducts(repository: makeProductRepository()),
            output: output,
            format: format,
            errors: makeErrorReporter(),
            width: Self.terminalColumns(),
            now: { [clock] in clock.now }
        )
    }

    /// One product in full; the description is wrapped to the terminal when there is one.
    func makeProductPresenter() -> ProductPresenter {
        ProductPresenter(
            getProduct: GetProduct(repository: makeProductRepository()),
            output: output,
            format: format,
            errors: makeErrorReporter(),
            width: Self.terminalColumns(),
            now: { [clock] in clock.now }
        )
    }

    /// The categories: a table when standard output is a terminal, tab-separated when piped.
    func makeCategoriesPresenter() -> CategoriesPresenter {
        CategoriesPresenter(
            listCategories: ListCategories(repository: makeProductRepository()),
            output: output,
            format: format,
            errors: makeErrorReporter(),
            asTable: isatty(STDOUT_FILENO) == 1
        )
    }

    func makeCategoryPresenter() -> CategoryPresenter {
        CategoryPresenter(
            browseCategory: BrowseCategory(repository: makeProductRepository()),
            output: output,
            format: format,
            errors: makeErrorReporter(),
            width: Self.terminalColumns(),
            now: { [clock] in clock.now }
        )
    }

    /// The search-as-you-type presenter of the interactive mode, drawing on `view`.
    func makeLiveSearchPresenter(view: any LiveSearchView) -> LiveSearchPresenter {
        LiveSearchPresenter(
            searchProducts: SearchProducts(repository: makeProductRepository()),
            view: view,
            timer: ContinuousDebounceTimer()
        )
    }

    func makeStatusPresenter() -> StatusPresenter {
        StatusPresenter(output: output, format: format)
    }

    /// What `storefront status` shows, read from the settings, the session file and the
    /// cache, with no request unless `checkingWithBackend`, which asks `/auth/me`.
    func makeStatusReport(checkingWithBackend: Bool = false) async -> StatusReport {
        await StatusInspection(
            settings: settings,
            sessions: sessions,
            accounts: makeAuthRepository(),
            cache: cache,
            output: output
        ).report(checkingWithBackend: checkingWithBackend)
    }

    /// Whether a session is stored, so the interactive mode knows to ask for a login first.
    func hasSession() async -> Bool {
        (try? await sessions.load()) != nil
    }

    /// The width tables and text fit when standard output is a terminal; nil when piped,
    /// so the next program gets every title whole.
    private static func terminalColumns() -> Int? {
        isatty(STDOUT_FILENO) == 1 ? RawTerminal.size().columns : nil
    }

    func makeErrorReporter() -> ErrorReporter {
        ErrorReporter(output: output, format: format, verbose: verbose)
    }

    // MARK: Repositories

    private func makeAuthRepository() -> RemoteAuthRepository {
        RemoteAuthRepository(client: makeStoreClient(), sessions: sessions)
    }

    private func makeProductRepository() -> RemoteProductRepository {
        RemoteProductRepository(client: makeStoreClient())
    }

    /// The one way every repository reaches the store: the chain, the cache and its
    /// rules, and the `--verbose` line.
    private func makeStoreClient() -> StoreClient {
        StoreClient(
            chain: chain,
            cache: cache,
            sessions: sessions,
            clock: clock,
            cacheNamespace: settings.baseURL.absoluteString,
            logger: logger
        )
    }

    // MARK: Network

    /// The adapter the settings name, inside the store's interceptor chain (whose order
    /// is Data's decision: `InterceptedTransport.storeChain`).
    private static func makeChain(
        settings: ClientSettings,
        sessions: any SessionStore,
        logger: Logger,
        clock: any WallClock,
        announceWait: @escaping @Sendable (Duration) -> Void
    ) throws(StartupFailure) -> (InterceptedTransport, @Sendable () async -> Void) {
        let (origin, basePath) = TransportConfiguration.split(settings.baseURL)
        // Sealed through a relay, every request goes to the relay: the adapter is its.
        let relay = settings.oblivious?.relay.map(TransportConfiguration.split)
        let adapter = try makeAdapter(settings: settings, origin: relay?.origin ?? origin)
        var closers = [adapter.close]
        var oblivious: ObliviousHTTPInterceptor?
        if let sealing = settings.oblivious {
            let keys: any GatewayKeySource
            switch sealing.keys {
            case .file(let path, let configuration):
                keys = FileGatewayKeySource(path: path, configuration: configuration)
            case .gateway:
                // The configuration comes from the backend itself, with its trust and pins.
                let direct = relay == nil ? adapter : try makeAdapter(settings: settings, origin: origin)
                if relay != nil { closers.append(direct.close) }
                keys = WellKnownGatewayKeySource(scheme: origin.scheme ?? "https", authority: authority(of: origin), transport: direct.transport)
            }
            let destination = relay?.origin ?? origin
            let target = ObliviousHTTPInterceptor.Target(
                scheme: destination.scheme ?? "http", authority: authority(of: destination),
                path: relay.map { $0.basePath.isEmpty ? "/" : $0.basePath } ?? ObliviousGatewayPath.wellKnown
            )
            oblivious = ObliviousHTTPInterceptor(
                keys: keys, target: target, origin: (origin.scheme ?? "http", authority(of: origin)), clock: clock
            )
        }
        let chain = InterceptedTransport.storeChain(
            adapter: adapter.transport,
            sessions: sessions,
            oblivious: oblivious,
            logger: logger,
            clock: clock,
            basePath: basePath,
            announceWait: announceWait
        )
        let close = closers
        return (chain, { for closer in close { await closer() } })
    }

    /// `host:port` of an origin, as a request's authority names it.
    private static func authority(of origin: URL) -> String {
        (origin.host ?? "") + (origin.port.map { ":\($0)" } ?? "")
    }

    private static func makeAdapter(
        settings: ClientSettings,
        origin: URL
    ) throws(StartupFailure) -> (transport: any HTTPTransport, close: @Sendable () async -> Void) {
        let configuration = TransportConfiguration(baseURL: origin, trust: settings.trust)
        switch settings.transport {
        case .asyncHTTPClient:
            do {
                let transport = try AsyncHTTPClientTransport(configuration: configuration)
                return (transport, { await transport.shutdown() })
            } catch {
                throw adapterFailure(error)
            }
        case .urlSession:
            #if URLSessionTransport
            do {
                return (try URLSessionTransport(configuration: configuration), {})
            } catch {
                throw adapterFailure(error)
            }
            #else
            // Settings refuse this first; here only so every case is answered.
            throw StartupFailure(ClientSettings.TransportKind.notBuiltIn)
            #endif
        }
    }

    private static func adapterFailure(_ error: TransportError) -> StartupFailure {
        let reason = if case .invalidRequest(let reason) = error { reason } else { "\(error)" }
        return StartupFailure("The HTTP client cannot start: \(reason).")
    }

    /// `--verbose` shows debug lines (one per exchange, cache hits and misses) on
    /// standard error; otherwise only warnings.
    private static func makeLogger(output: any ConsoleOutput, verbose: Bool) -> Logger {
        Logger(label: "storefront") { _ in
            DiagnosticLogHandler(output: output, logLevel: verbose ? .debug : .warning)
        }
    }
}
