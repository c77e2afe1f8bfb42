import AppShared
import Data
import Domain
import Infrastructure
import Logging
import Presentation

/// The one place that builds the client's object graph (presenters, use cases,
/// repositories, the store client, the session store, the cache, the chain and its
/// adapter), each handed what it needs through its initialiser: no other type decides
/// which implementation a protocol gets. Two files beside this one are the root too: the
/// implementations a setting can name (`CompositionRoot+Choices.swift`) and the chain the
/// settings describe (`CompositionRoot+Network.swift`, with
/// `InterceptedTransport.storeChain`, the order the benchmark runs too). It only
/// composes: start-up and each command's life are `CommandLifecycle`'s, and what the
/// terminal is is `TerminalProbe`.
///
/// Read top to bottom, it goes from a command inward, the way a request travels: the
/// presenters with their use cases, the repositories those read through, and the store
/// client under them.
struct CompositionRoot: Sendable {
    private let settings: ClientSettings
    /// What every presenter shows through: the output, the format, the error reporter,
    /// the width to fit (from the terminal probe) and the clock.
    private let console: Console
    private let logger: Logger
    private let clock: any WallClock = SystemWallClock()
    /// One session store for the process, shared by the chain and the repositories, so
    /// the session is read once per command: the one `--session-store` names.
    private let sessions: any SessionStore
    /// The name of the HTTP stack under the chain, for `status`.
    private let transport: String
    /// One cache for the process: every repository reads through it, and `status` reports it.
    private let cache: any ResponseCache
    /// One interceptor chain and adapter for the process, so connections are reused.
    private let chain: InterceptedTransport

    /// Builds the graph; `CommandLifecycle.start` calls it and checks what it built. Each
    /// seam with a choice is chosen and made in one step, from `--session-store`
    /// (`sessionStoreOption`) and the variables in `environment`.
    init(
        settings: ClientSettings, sessionStoreOption: String?, environment: [String: String],
        output: any ConsoleOutput, format: OutputFormat, verbose: Bool, terminal: TerminalProbe
    ) throws(StartupFailure) {
        self.settings = settings
        self.console = Console(output: output, format: format, verbose: verbose, width: terminal.columns, now: { [clock] in clock.now })
        self.logger = Self.makeLogger(output: output, verbose: verbose)
        let sessions = try Self.sessionStores.make(option: sessionStoreOption, environment: environment, from: settings).made
        self.sessions = sessions
        self.cache = FileResponseCache(directory: settings.cacheDirectory, limits: settings.cacheLimits, clock: clock)
        let (transport, adapter) = try Self.transports.make(environment: environment, from: Self.adapterConfiguration(settings))
        self.transport = transport
        self.chain = Self.makeChain(settings: settings, adapter: adapter, sessions: sessions, logger: logger, clock: clock) { [output] wait in
            output.updateActivity("The store asked to wait; asking again in \(ErrorMessage.waitText(wait))")
        }
    }

    /// Lets go of the network: pooled connections are closed before the process ends.
    func shutdown() async {
        await chain.shutdown()
    }

    /// Refuses what the session store or the cache keeps when another user could read
    /// it: each store checks its own secrets (the session store), or names the folders
    /// whose every file is its own (the cache).
    func checkPrivacy() async -> StartupFailure? {
        do {
            try await sessions.checkPrivacy()
        } catch {
            switch error {
            case .untrusted(let reason): return StartupFailure("The session cannot be trusted: \(reason).")
            case .quotaExceeded:
                // Not a setting to fix: the quota is freed as a refused save's is, so it
                // is said as one is (71, `quota-exceeded`).
                let message = ErrorMessage(error.storeError(keeping: "the session"))
                return StartupFailure(message.sentence, code: message.code.rawValue, exitStatus: message.exitStatus.rawValue)
            default: return StartupFailure("The session store cannot be used: \(error).")
            }
        }
        return ClientSettings.checkOwnedFiles(in: cache.ownedFolders)
    }

    // MARK: Presenters

    func makeSignInPresenter() -> SignInPresenter {
        SignInPresenter(logIn: LogIn(repository: makeAuthRepository()), console: console)
    }

    func makeAccountPresenter() -> AccountPresenter {
        let repository = makeAuthRepository()
        return AccountPresenter(getCurrentUser: GetCurrentUser(repository: repository), logOut: LogOut(repository: repository), console: console)
    }

    func makeSearchPresenter() -> SearchPresenter {
        SearchPresenter(searchProducts: SearchProducts(repository: makeProductRepository()), console: console)
    }

    /// One product in full; the description is wrapped to the terminal when there is one.
    func makeProductPresenter() -> ProductPresenter {
        ProductPresenter(getProduct: GetProduct(repository: makeProductRepository()), console: console)
    }

    /// The categories: a table when standard output is a terminal, tab-separated when piped.
    func makeCategoriesPresenter() -> CategoriesPresenter {
        CategoriesPresenter(listCategories: ListCategories(repository: makeProductRepository()), console: console)
    }

    func makeCategoryPresenter() -> CategoryPresenter {
        CategoryPresenter(browseCategory: BrowseCategory(repository: makeProductRepository()), console: console)
    }

    /// The signed-in user's posts, read through the same store client (and cache) as the catalogue.
    func makePostsPresenter() -> PostsPresenter {
        PostsPresenter(listMyPosts: ListMyPosts(repository: RemotePostRepository(client: makeStoreClient())), console: console)
    }

    /// The signed-in user's cart: read like the posts, and added to through the store
    /// client's write, whose keys for writes of unknown outcome live beside the session.
    func makeCartPresenter() -> CartPresenter {
        let repository = RemoteCartRepository(
            client: makeStoreClient(), pendingWrites: PendingWriteKeys(directory: settings.stateDirectory + "/writes", clock: clock)
        )
        return CartPresenter(showCart: ShowCart(repository: repository), addToCart: AddToCart(repository: repository), console: console)
    }

    /// The search-as-you-type presenter of the interactive mode, drawing on `view`.
    func makeLiveSearchPresenter(view: any LiveSearchView) -> LiveSearchPresenter {
        LiveSearchPresenter(searchProducts: SearchProducts(repository: makeProductRepository()), view: view, clock: ContinuousClock())
    }

    func makeStatusPresenter() -> StatusPresenter {
        StatusPresenter(console: console)
    }

    /// What `storefront status` shows, read from the settings, the session store and the
    /// cache, with no request unless `checkingWithBackend`, which asks `/auth/me`.
    func makeStatusReport(checkingWithBackend: Bool = false) async -> StatusReport {
        await StatusInspection(settings: settings, transport: transport, sessions: sessions, accounts: makeAuthRepository(), cache: cache, output: console.output)
            .report(checkingWithBackend: checkingWithBackend)
    }

    /// Whether a session is stored, so the interactive mode knows to ask for a login first.
    func hasSession() async -> Bool {
        (try? await sessions.load()) != nil
    }

    func makeErrorReporter() -> ErrorReporter {
        console.errors
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
        StoreClient(chain: chain, cache: cache, sessions: sessions, clock: clock, cacheNamespace: settings.baseURL.absoluteString, logger: logger)
    }
}
