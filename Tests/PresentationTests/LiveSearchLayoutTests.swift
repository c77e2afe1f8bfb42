import Domain
@testable import Presentation
import TestSupport
import Testing

@Suite("LiveSearchLayout", .timeLimit(.minutes(1)))
struct LiveSearchLayoutTests {
    private func screen(rows count: Int, selected: Int = 0) throws -> LiveSearchScreen {
        var screen = LiveSearchScreen()
        screen.query = "phone"
        screen.status = .results
        let products = try (1...count).map { try DisplaySamples.product($0, "A rather long product title number \($0) with words", brand: "Brand", cents: 100 * $0) }
        screen.page = try ProductPage(items: products, total: 40, paging: Paging(page: 1, pageSize: count))
        screen.selectedRow = selected
        return screen
    }

    @Test("fits the terminal: no line wider than it, exactly as many lines as rows, status last")
    func fits() throws {
        let layout = LiveSearchLayout(try screen(rows: 10), columns: 40, rows: 8)

        #expect(layout.lines.count == 8)
        #expect(layout.lines.allSatisfy { DisplayWidth.of($0.plain) <= 40 })
        #expect(layout.lines[0].plain == "Search: phone")
        #expect(layout.lines.last?.plain.hasPrefix("Showing 1–10 of 40 results") == true)
        // Titles give way to fit, not the columns after them.
        let wider = LiveSearchLayout(try screen(rows: 10), columns: 60, rows: 8)
        #expect(wider.lines[3].plain.hasSuffix("$1.00    4.50      7"))
        #expect(wider.lines[3].plain.contains("…"))
        #expect(layout.cursorColumn == 14)
    }

    @Test("keeps the selected row on screen when there are more rows than room")
    func selectionVisible() throws {
        let layout = LiveSearchLayout(try screen(rows: 10, selected: 9), columns: 120, rows: 8)

        let highlighted = try #require(layout.highlightedLine)
        #expect(layout.lines[highlighted].plain.contains("number 10"))
    }

    @Test("shows a product's details and the way back")
    func details() throws {
        var screen = try screen(rows: 3)
        screen.detail = screen.page?.products[1]
        let layout = LiveSearchLayout(screen, columns: 80, rows: 20)

        #expect(layout.lines.map(\.plain).contains("Price     $2.00"))
        #expect(layout.lines.map(\.plain).contains("Esc: back to the results"))
        #expect(layout.highlightedLine == nil)
    }

    @Test("a taller terminal shows more result rows, and asks for pages that size")
    func fillsTheHeight() throws {
        let layout = LiveSearchLayout(try screen(rows: 25), columns: 120, rows: 30)

        #expect(LiveSearchLayout.resultRows(forTerminalRows: 30) == 25)
        // Query, gap, header, 25 rows, gap, status.
        #expect(layout.lines.count == 30)
        #expect(layout.lines[27].plain.contains("number 25"))
        #expect(LiveSearchLayout.resultRows(forTerminalRows: 3) == 1)
    }

    @Test("the status line is marked by what it says")
    func statusStyle() throws {
        var offline = try screen(rows: 3)
        offline.status = .cached(age: .seconds(120), reason: .backendUnreachable)
        #expect(LiveSearchLayout(offline, columns: 80, rows: 12).lines.last?.runs.first?.style == .warning)

        var failed = try screen(rows: 3)
        failed.status = .failed("The store cannot be reached.")
        #expect(LiveSearchLayout(failed, columns: 80, rows: 12).lines.last?.runs.first?.style == .error)
    }

    @Test("a page kept from before says why, in the command line's words", arguments: [
        (CacheReason.backendUnreachable, "offline: showing results cached 2 minutes ago"),
        (.backendBusy, "the store is busy: showing results cached 2 minutes ago"),
        (.backendFailed(Diagnostic("503")), "the store failed (503): showing results cached 2 minutes ago"),
    ])
    func cachedStatus(reason: CacheReason, text: String) throws {
        var screen = try screen(rows: 3)
        screen.status = .cached(age: .seconds(120), reason: reason)
        #expect(screen.statusText == text)
    }
}
