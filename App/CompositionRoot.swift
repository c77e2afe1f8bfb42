import Data
import Domain
import Foundation
import Infrastructure
import Logging
import Presentation

/// The one place that builds objects: settings → transport → interceptors →
/// repositories → use cases → presenters, each handed what it needs through its
/// initialiser. Read top to bottom, it is the whole object graph.
struct CompositionRoot: Sendable {
    private let settings: ClientSettings
    private let output: any ConsoleOutput
    private let format: OutputFormat
    private let verbose: Bool
    private let logger: Logger
    private let clock: any WallClock = SystemWallClock()
    /// One transport for the process, so connections are reused.
    private let transport: any HTTPTransport

    init(settings: ClientSettings, output: any ConsoleOutput, format: OutputFormat, verbose: Bool) {
        self.settings = settings
        self.output = output
        self.format = format
        self.verbose = verbose
        self.logger = Self.makeLogger(output: output, verbose: verbose)
        self.transport = Self.makeTransport(settings: settings, logger: logger)
    }

    /// Resolves the settings and builds the graph, or says why it cannot.
    static func start(options: GlobalOptions, environment: [String: String], output: any ConsoleOutput) -> StartupState {
        switch ClientSettings.resolve(options, environment: environment) {
        case .success(let settings):
            .ready(CompositionRoot(settings: settings, output: output, format: options.format, verbose: options.verbose))
        case .failure(let failure):
            .failed(failure)
        }
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

    /// Whether a session is stored, so the interactive mode knows to ask for a login first.
    func hasSession() async -> Bool {
        (try? await makeSessionStore().load()) != nil
    }

    func makeErrorReporter() -> ErrorReporter {
        ErrorReporter(output: output, format: format, verbose: verbose)
    }

    // MARK: Repositories

    private func makeAuthRepository() -> RemoteAuthRepository {
        RemoteAuthRepository(
            transport: transport,
            sessions: makeSessionStore(),
            cache: makeCache(),
            clock: clock,
            cacheNamespace: settings.baseURL.absoluteString,
            logger: logger
        )
    }

    private func makeProductRepository() -> RemoteProductRepository {
        RemoteProductRepository(
            transport: transport,
            cache: makeCache(),
            clock: clock,
            cacheNamespace: settings.baseURL.absoluteString,
            logger: logger
        )
    }

    private func makeSessionStore() -> FileSessionStore {
        FileSessionStore(directory: settings.stateDirectory)
    }

    private func makeCache() -> FileResponseCache {
        FileResponseCache(directory: settings.cacheDirectory, clock: clock)
    }

    // MARK: Network

    /// logging → retry → auth → payload sealing → URLSession. Logging sits outside the
    /// retry so it prints one line per exchange with the attempt it took; sealing sits
    /// inside auth so the refresh call is sealed like every other request.
    private static func makeTransport(settings: ClientSettings, logger: Logger) -> any HTTPTransport {
        let sessions = FileSessionStore(directory: settings.stateDirectory)
        var interceptors: [any HTTPInterceptor] = [
            LoggingInterceptor(logger: logger),
            RetryInterceptor(sleeper: ContinuousSleeper()),
            AuthInterceptor(sessions: sessions, refresher: TokenRefresher(sessions: sessions, logger: logger)),
        ]
        if let key = settings.payloadKey {
            interceptors.append(PayloadSealingInterceptor(key: key))
        }
        return InterceptedTransport(
            interceptors: interceptors,
            transport: URLSessionTransport(configuration: .init(baseURL: settings.baseURL))
        )
    }

    /// `--verbose` shows debug lines (one per exchange, cache hits and misses) on
    /// standard error; otherwise only warnings.
    private static func makeLogger(output: any ConsoleOutput, verbose: Bool) -> Logger {
        Logger(label: "storefront") { _ in
            DiagnosticLogHandler(output: output, logLevel: verbose ? .debug : .warning)
        }
    }
}
