import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Styling

/// One paged list as every paged command shows it (search, category, posts): a spinner
/// while the page is fetched, then either its `--json` document or the cache notice, the
/// table and `Showing 11–20 of 23 results for "phone"`; a failure is reported. A new
/// paged list names its columns, its noun and how one item is written in JSON; the
/// showing is this type's, so every list shows a page the same way.
struct PagedList<Item: Sendable, Entry: Encodable>: Sendable {
    /// The columns, and which gives way on a narrow terminal.
    let table: TextTable<Item>
    /// What the items are called on the `Showing` line (agreeing with the total) and,
    /// in the plural, in the cache notice.
    let noun: CountedNoun
    /// The `--json` document's key for the items (`products`, `posts`).
    let itemsKey: String
    /// One item as the `--json` document writes it.
    let entry: @Sendable (Item) -> Entry
    /// What an empty list says instead of `No results …`; nil for that line.
    var noneLine: String?

    /// What one page was asked for: `for "phone"` on the `Showing` line, and
    /// `"query": "phone"` in the document (nil when the document names nothing).
    struct Subject: Sendable {
        let phrase: String
        let field: (key: String, value: String)?
    }

    /// Fetches a page with `activity` on the spinner, and shows it; returns what it showed.
    func show(
        _ subject: Subject,
        activity: String,
        on console: Console,
        fetch: () async throws(StoreError) -> Fetched<Page<Item>>
    ) async -> Result<Fetched<Page<Item>>, StoreError> {
        let output = console.output
        do {
            // A spinner, where the terminal shows one, until the answer or the error is printed.
            output.beginActivity(activity)
            defer { output.endActivity() }
            let result = try await fetch()
            let shown = shown(result, subject: subject, format: console.format, width: console.width, now: console.now())
            if let notice = shown.notice { output.printDiagnostic(notice) }
            shown.lines.forEach(output.printLine)
            return .success(result)
        } catch {
            console.errors.report(error)
            return .failure(error)
        }
    }

    /// What `show` prints of a fetched page, decided from values alone: the document,
    /// or the cache notice (for standard error, first) and the table's lines.
    private func shown(
        _ result: Fetched<Page<Item>>, subject: Subject, format: OutputFormat, width: Int?, now: Date
    ) -> (notice: StyledText?, lines: [StyledText]) {
        let page = result.value
        if format == .json {
            let document = PageDocument(page: page, origin: result.origin, now: now, subject: subject.field, itemsKey: itemsKey, entries: page.items.map(entry))
            return (nil, [StyledText(JSONDocument.encode(document))])
        }
        let notice = CacheNotice.line(for: result.origin, subject: noun.many)
        if page.total == 0, let noneLine {
            return (notice, [StyledText(noneLine)])
        }
        return (notice, table.pageLines(for: page, noun: noun(page.total), subject: subject.phrase, width: width))
    }
}
