import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the search screen shows: one case per situation the user can be in.
public enum SearchState: Equatable, Sendable {
    case idle
    case loading(query: String)
    case loaded(ProductPage, origin: Origin, query: String)
    /// Carries the reason, so whoever shows it can say why.
    case failed(StoreError)
}

/// Runs a search and renders it: the table, the `Showing 11–20 of 23 results for
/// "phone"` line, and, for a cached answer, how old it is.
public actor SearchPresenter {
    public private(set) var state: SearchState = .idle

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

    /// Searches and renders the answer; returns the exit status of CLI.md. The query is
    /// already valid (and its text trimmed): the command line built it from its options.
    @discardableResult
    public func search(_ query: SearchQuery, policy: ReadPolicy = .standard) async -> ProcessExitStatus {
        let text = query.text
        state = .loading(query: text)
        do {
            // A spinner, where the terminal shows one, until the answer or the error is printed.
            output.beginActivity("Searching")
            defer { output.endActivity() }
            let result = try await searchProducts(query, policy: policy)
            state = .loaded(result.value, origin: result.origin, query: text)
            render(result.value, origin: result.origin, query: text)
            return .success
        } catch {
            state = .failed(error)
            return errors.report(error)
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
