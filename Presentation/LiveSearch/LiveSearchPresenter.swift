import Domain

/// Search as you type: a search starts after a pause in typing (300 ms), a keystroke
/// cancels the search under way (the request itself, through task cancellation), and
/// an answer for an older query never replaces the answer to a newer one.
///
/// It knows nothing of terminals: keys come in decoded, screens go out as values.
public actor LiveSearchPresenter {
    /// What the view shows now (every change is handed to it); the session reads the
    /// query to know whether Ctrl-D ends it.
    public private(set) var screen = LiveSearchScreen()

    private let searchProducts: SearchProducts
    private let view: any LiveSearchView
    /// Waits out the debounce: the continuous clock, or a test's that moves when told.
    private let clock: any Clock<Duration>
    private let tasks: any TaskStarter
    private let debounce: Duration
    /// Bumped by every change of query or page; an answer counts only if its number is current.
    private var generation = 0
    private var pageNumber = 1
    private var current: Task<Void, Never>?

    public init(
        searchProducts: SearchProducts,
        view: any LiveSearchView,
        clock: any Clock<Duration>,
        tasks: any TaskStarter = UnstructuredTasks(),
        debounce: Duration = .milliseconds(300)
    ) {
        self.searchProducts = searchProducts
        self.view = view
        self.clock = clock
        self.tasks = tasks
        self.debounce = debounce
    }

    public func start() {
        view.show(screen)
    }

    public func handle(_ key: LiveSearchKey) {
        switch key {
        case .character(let character):
            screen.query.append(character)
            queryChanged()
        case .backspace:
            guard !screen.query.isEmpty else { return }
            screen.query.removeLast()
            queryChanged()
        case .clearQuery:
            screen.query = ""
            queryChanged()
        case .deleteWord:
            let trimmed = screen.query.reversed().drop { $0 == " " }.drop { $0 != " " }
            screen.query = String(trimmed.reversed())
            queryChanged()
        case .nextPage:
            guard screen.page?.hasNextPage == true else { return }
            changePage(to: pageNumber + 1)
        case .previousPage:
            guard pageNumber > 1 else { return }
            changePage(to: pageNumber - 1)
        case .up:
            screen.selectedRow = max(0, screen.selectedRow - 1)
            view.show(screen)
        case .down:
            screen.selectedRow = min(max(0, (screen.page?.products.count ?? 1) - 1), screen.selectedRow + 1)
            view.show(screen)
        case .enter:
            guard let products = screen.page?.products, products.indices.contains(screen.selectedRow) else { return }
            screen.detail = products[screen.selectedRow]
            view.show(screen)
        case .escape:
            screen.detail = nil
            view.show(screen)
        }
    }

    /// The terminal changed size: when the results on screen are a page of another
    /// height, the page that holds the first of them is asked again at the new height,
    /// so a taller window fills at once and a shorter one pages by what it shows.
    public func resized() {
        guard let page = screen.page, page.pageSize != currentPageSize, !screen.query.allSatisfy(\.isWhitespace) else { return }
        let firstShown = (page.page - 1) * page.pageSize
        pageNumber = firstShown / currentPageSize + 1
        screen.selectedRow = 0
        launch(after: .zero)
    }

    /// The view's height, within what the store serves in one page.
    private var currentPageSize: Int {
        min(Paging.pageSizes.upperBound, max(Paging.pageSizes.lowerBound, view.resultRows))
    }

    private func queryChanged() {
        pageNumber = 1
        screen.selectedRow = 0
        screen.detail = nil
        guard !screen.query.allSatisfy(\.isWhitespace) else {
            cancelCurrent()
            screen.status = .idle
            screen.page = nil
            view.show(screen)
            return
        }
        screen.status = .typing
        view.show(screen)
        launch(after: debounce)
    }

    private func changePage(to page: Int) {
        pageNumber = page
        screen.selectedRow = 0
        screen.detail = nil
        launch(after: .zero)
    }

    /// Cancels what is under way and starts the search for the current query and page.
    private func launch(after delay: Duration) {
        cancelCurrent()
        let number = generation
        let text = screen.query
        let page = pageNumber
        let clock = clock
        current = tasks.start { [self] in
            if delay > .zero {
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    return // a newer keystroke cancelled the wait
                }
            }
            await run(number, text: text, page: page)
        }
    }

    private func cancelCurrent() {
        generation += 1
        current?.cancel()
        current = nil
    }

    /// Cache, then network: a cached page (however old) is drawn at once, marked with its
    /// age, and the answer of the usual policy replaces it when it comes, unless a newer
    /// query or page took the screen in between.
    private func run(_ number: Int, text: String, page: Int) async {
        let pageSize = currentPageSize
        guard number == generation, !Task.isCancelled else { return }
        if let cached = try? await searchProducts(text: text, page: page, pageSize: pageSize, policy: .cacheOnly),
           number == generation, case .cache(let age, _) = cached.origin {
            screen.page = cached.value
            screen.status = .cachedWhileSearching(age: age)
        } else {
            screen.status = .searching
        }
        guard number == generation else { return }
        view.show(screen)
        let result: Result<Fetched<ProductPage>, StoreError>
        do {
            result = .success(try await searchProducts(text: text, page: page, pageSize: pageSize))
        } catch {
            result = .failure(error)
        }
        // A newer query or page owns the screen now: this answer is too late.
        guard number == generation else { return }
        switch result {
        case .success(let fetched):
            screen.page = fetched.value
            switch fetched.origin {
            case .network: screen.status = .results
            case .cache(let age, .fresh): screen.status = .fresh(age: age)
            case .cache(let age, let reason): screen.status = .cached(age: age, reason: reason)
            }
        case .failure(let error):
            screen.status = .failed(ErrorMessage(error).sentence)
        }
        view.show(screen)
    }
}
