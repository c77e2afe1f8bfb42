import Domain
import Presentation
import TestSupport
import Testing

@Suite("LiveSearchPresenter: debounce, cancellation, latest wins", .timeLimit(.minutes(1)))
struct LiveSearchPresenterTests {
    let clock = ManualClock()
    /// Starts the presenter's searches, and waits for them to end.
    let tasks = TrackedTasks()
    let view = SpyView()

    private func presenter(_ repository: SpySearchRepository) -> LiveSearchPresenter {
        LiveSearchPresenter(searchProducts: SearchProducts(repository: repository), view: view, clock: clock, tasks: tasks)
    }

    /// Lets `duration` pass once the presenter's `count`-th debounce wait has begun.
    private func pause(_ duration: Duration, afterWait count: Int) async {
        await clock.waitForSleeps(count)
        await clock.advance(by: duration)
    }

    private func type(_ text: String, into presenter: LiveSearchPresenter) async {
        for character in text {
            await presenter.handle(.character(character))
        }
    }

    @Test("each search asks for a page as tall as the view has room for, up to the store's 100")
    func pageFillsTheView() async throws {
        for (rows, expected) in [(25, 25), (3, 3), (500, 100)] {
            let repository = SpyProductRepository(search: .failure(.offline))
            let clock = ManualClock()
            let presenter = LiveSearchPresenter(searchProducts: SearchProducts(repository: repository), view: SpyView(resultRows: rows), clock: clock, tasks: tasks)

            await presenter.handle(.character("p"))
            await clock.waitForSleeps(1)
            await clock.advance(by: .milliseconds(300))
            await tasks.settle()

            #expect(await repository.searchCalls.last?.paging.pageSize == expected, "\(rows) rows")
        }
    }

    @Test("a resize asks again at the new height, for the page holding the first result shown")
    func resizeRefills() async throws {
        let catalogue = FakeProductRepository(products: try SampleCatalogue.products())
        let view = SpyView(resultRows: 2)
        let clock = ManualClock()
        let presenter = LiveSearchPresenter(searchProducts: SearchProducts(repository: catalogue), view: view, clock: clock, tasks: tasks)
        await presenter.handle(.character("a"))
        await clock.waitForSleeps(1)
        await clock.advance(by: .milliseconds(300))
        await tasks.settle()
        await presenter.handle(.nextPage)
        await presenter.handle(.nextPage)
        await tasks.settle()
        // Page 3 of 2 rows: the fifth and sixth results.
        #expect(view.last?.page?.shownRange?.first == 5)

        view.resize(resultRows: 4)
        await presenter.resized()
        await tasks.settle()

        // The fifth result is on page 2 of 4 rows (results 5 to 8).
        let page = try #require(view.last?.page)
        #expect(page.pageSize == 4)
        #expect(page.page == 2)
        #expect(page.shownRange?.first == 5)

        let shown = view.shownCount
        await presenter.resized()
        await tasks.settle()
        #expect(view.shownCount == shown, "the same height asks nothing again")
    }

    @Test("typing p, ph, pho within 300 ms runs one search, for pho")
    func debounce() async throws {
        let repository = SpySearchRepository()
        let presenter = presenter(repository)

        await type("p", into: presenter)
        await pause(.milliseconds(100), afterWait: 1)
        await type("h", into: presenter)
        await pause(.milliseconds(100), afterWait: 2)
        await type("o", into: presenter)
        await pause(.milliseconds(299), afterWait: 3)
        // Whether the wait is still on is known now; a search it started would land later.
        #expect(await clock.pending == 1, "the debounce ended before 300 ms")
        #expect(await repository.queries.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await tasks.settle()

        #expect(await repository.queries == ["pho"])
        let screen = try #require(view.last)
        #expect(screen.status == .results)
        #expect(screen.page?.products.first?.title == "Result for pho")
    }

    @Test("cache, then network: a cached page shows at once with its age, and the answer replaces it")
    func cacheThenNetwork() async throws {
        let repository = SpySearchRepository(holding: ["tv"], cached: ["tv": .seconds(90)])
        let presenter = presenter(repository)

        await type("tv", into: presenter)
        await pause(.milliseconds(300), afterWait: 2)
        await repository.waitForCalls(1)
        let meanwhile = try #require(view.last)
        #expect(meanwhile.status == .cachedWhileSearching(age: .seconds(90)))
        #expect(meanwhile.page?.products.first?.title == "Cached tv")
        #expect(meanwhile.statusText == "Searching… (showing results cached 1 minute ago)")

        await repository.release("tv")
        await tasks.settle()

        #expect(view.last?.status == .results)
        #expect(view.last?.page?.products.first?.title == "Result for tv")
        #expect(await repository.cacheLookups == ["tv"])
    }

    @Test("a keystroke during a search cancels it, and the repository sees the cancellation")
    func keystrokeCancels() async throws {
        let repository = SpySearchRepository(holding: ["ph"])
        let presenter = presenter(repository)

        await type("ph", into: presenter)
        await pause(.milliseconds(300), afterWait: 2)
        await repository.waitForCalls(1)
        await type("o", into: presenter)
        await repository.release("ph")
        await pause(.milliseconds(300), afterWait: 3)
        await tasks.settle()

        #expect(await repository.cancelled == ["ph"])
        #expect(view.last?.page?.products.first?.title == "Result for pho")
    }

    @Test("a slow answer for ph that arrives after the answer for pho is dropped")
    func latestWins() async throws {
        let repository = SpySearchRepository(holding: ["ph"])
        let presenter = presenter(repository)

        await type("ph", into: presenter)
        await pause(.milliseconds(300), afterWait: 2)
        await repository.waitForCalls(1)
        await type("o", into: presenter)
        await pause(.milliseconds(300), afterWait: 3)
        await repository.waitForCalls(2)
        // "pho" has answered; now the slow "ph" answer comes in, late.
        await repository.release("ph")
        await tasks.settle()

        #expect(await repository.queries == ["ph", "pho"])
        #expect(view.last?.page?.products.first?.title == "Result for pho")
        #expect(view.last?.query == "pho")
    }

    @Test("Backspace, Ctrl-W and Ctrl-U edit the query; an empty query shows no results")
    func editing() async throws {
        let presenter = presenter(SpySearchRepository())

        await type("red phone", into: presenter)
        await presenter.handle(.backspace)
        #expect(view.last?.query == "red phon")
        await presenter.handle(.deleteWord)
        #expect(view.last?.query == "red ")
        await presenter.handle(.clearQuery)
        let screen = await presenter.screen
        #expect(screen.query == "")
        #expect(screen.status == .idle)
        #expect(screen.page == nil)
    }

    @Test("page keys move between pages at once; arrows and Enter open a product, Esc goes back")
    func pagesAndDetails() async throws {
        let repository = SpySearchRepository()
        let presenter = presenter(repository)
        await type("x", into: presenter)
        await pause(.milliseconds(300), afterWait: 1)
        await tasks.settle()

        await presenter.handle(.nextPage)
        await tasks.settle()
        #expect(view.last?.page?.page == 2)
        await presenter.handle(.previousPage)
        await tasks.settle()
        #expect(view.last?.page?.page == 1)
        #expect(await repository.queries == ["x", "x", "x"])

        await presenter.handle(.down)
        await presenter.handle(.down)
        await presenter.handle(.up)
        #expect(view.last?.selectedRow == 1)
        await presenter.handle(.enter)
        #expect(view.last?.detail?.title == "Result for x")
        await presenter.handle(.escape)
        #expect(view.last?.detail == nil)
    }
}
