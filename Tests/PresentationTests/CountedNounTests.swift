import Domain
import Foundation
@testable import Presentation
import TestSupport
import Testing

/// Counts read as English does: one thing is singular, any other number plural, on
/// every line that counts (a page's `Showing` line, the live screen, `status`).
@Suite("A counted word agrees with its count", .timeLimit(.minutes(1)))
struct CountedNounTests {
    @Test("one is singular, zero and many plural", arguments: [
        (0, "0 entries"), (1, "1 entry"), (2, "2 entries"), (23, "23 entries"),
    ])
    func counting(count: Int, text: String) {
        #expect(CountedNoun(one: "entry", many: "entries").counting(count) == text)
    }

    @Test("a page of one result, and a cache of one entry of one byte, say so")
    func lines() async throws {
        let page = SearchPresenter.list.table.pageLines(
            for: [], shown: try Paging().shownRange(count: 1, total: 1), page: 1, total: 1,
            noun: SearchPresenter.list.noun(1), subject: "for \"x\"", width: nil
        )
        #expect(page.last?.plain == "Showing 1–1 of 1 result for \"x\"")

        let output = SpyOutput()
        let report = StatusReport(
            backend: "http://127.0.0.1:8080", transport: "asynchttpclient", sealing: nil, authorityFile: nil, pins: [], signedInAs: nil,
            session: .init(store: "file", holder: "file", location: "/s/session.json", permissions: nil, isPrivate: true, fix: nil),
            cache: .init(folder: "/c", entries: 1, bytes: 1, oldestStoredAt: nil, maximumEntries: 1, maximumBytes: 1)
        )
        StatusPresenter(console: Console(output: output, format: .human)).show(report)
        #expect(output.standardOutput.contains("Cache         /c: 1 entry, 1 byte; at most 1 entry and 1 byte"), "\(output.standardOutput)")
    }
}
