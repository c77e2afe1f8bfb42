import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One page of a category's products, rendered as `storefront search` renders a page:
/// the table and `Showing 1–10 of 25 products in "laptops"`.
public struct CategoryPresenter {
    private let browseCategory: BrowseCategory
    private let output: any ConsoleOutput
    private let format: OutputFormat
    private let errors: ErrorReporter
    /// The terminal's columns, which the table fits; nil when piped (whole titles).
    private let width: Int?
    private let now: @Sendable () -> Date

    public init(
        browseCategory: BrowseCategory,
        console: Console
    ) {
        self.browseCategory = browseCategory
        self.output = console.output
        self.format = console.format
        self.errors = console.errors
        self.width = console.width
        self.now = console.now
    }

    /// Shows one page of `query`'s category; returns what it showed.
    @discardableResult
    public func show(_ query: CategoryQuery, policy: ReadPolicy = .standard) async -> Result<Fetched<ProductPage>, StoreError> {
        // Named back as the store spells it: the slug as `CategorySlug` made it.
        let slug = query.slug.rawValue
        do {
            // A spinner, where the terminal shows one, until the answer or the error is printed.
            output.beginActivity("Loading \"\(slug)\"")
            defer { output.endActivity() }
            let result = try await browseCategory(query, policy: policy)
            if format == .json {
                output.printLine(CategoryDocument.json(result.value, slug: slug, origin: result.origin, now: now()))
            } else {
                if let notice = CacheNotice.line(for: result.origin, subject: "products") { output.printDiagnostic(notice) }
                ProductTable.pageLines(for: result.value, noun: "products", subject: "in \"\(slug)\"", width: width).forEach(output.printLine)
            }
            return .success(result)
        } catch {
            errors.report(error)
            return .failure(error)
        }
    }
}
