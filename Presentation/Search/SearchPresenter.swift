import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs a search and renders it: the table, the `Showing 11–20 of 23 results for
/// "phone"` line, and, for a cached answer, how old it is.
public struct SearchPresenter {
    private let searchProducts: SearchProducts
    private let output: any ConsoleOutput
    private let format: OutputFormat
    private let errors: ErrorReporter
    /// The terminal's columns, which the table fits; nil when piped (whole titles).
    private let width: Int?
    private let now: @Sendable () -> Date

    public init(
        searchProducts: SearchProducts,
        console: Console
    ) {
        self.searchProducts = searchProducts
        self.output = console.output
        self.format = console.format
        self.errors = console.errors
        self.width = console.width
        self.now = console.now
    }

    /// Searches and renders the answer; returns what it showed. The query is
    /// already valid (and its text trimmed): the command line built it from its options.
    @discardableResult
    public func search(_ query: SearchQuery, policy: ReadPolicy = .standard) async -> Result<Fetched<ProductPage>, StoreError> {
        let text = query.text
        do {
            // A spinner, where the terminal shows one, until the answer or the error is printed.
            output.beginActivity("Searching")
            defer { output.endActivity() }
            let result = try await searchProducts(query, policy: policy)
            render(result.value, origin: result.origin, query: text)
            return .success(result)
        } catch {
            errors.report(error)
            return .failure(error)
        }
    }

    private func render(_ page: ProductPage, origin: Origin, query: String) {
        if format == .json {
            output.printLine(SearchDocument.json(page, query: query, origin: origin, now: now()))
            return
        }
        if let notice = CacheNotice.line(for: origin, subject: "results") {
            output.printDiagnostic(notice)
        }
        ProductTable.pageLines(for: page, noun: "results", subject: "for \"\(query)\"", width: width).forEach(output.printLine)
    }
}
