import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches one product and renders it in full, or as CLI.md's JSON document.
public struct ProductPresenter {
    private let getProduct: GetProduct
    private let output: any ConsoleOutput
    private let format: OutputFormat
    private let errors: ErrorReporter
    /// The terminal's width for the description, nil when the output is not a terminal.
    private let width: Int?
    private let now: @Sendable () -> Date

    public init(
        getProduct: GetProduct,
        console: Console
    ) {
        self.getProduct = getProduct
        self.output = console.output
        self.format = console.format
        self.errors = console.errors
        self.width = console.width
        self.now = console.now
    }

    /// Shows product `id`; returns what it showed.
    @discardableResult
    public func show(_ id: ProductID, policy: ReadPolicy = .standard) async -> Result<Fetched<Product>, StoreError> {
        do {
            // A spinner, where the terminal shows one, until the answer or the error is printed.
            output.beginActivity("Loading product \(id.rawValue)")
            defer { output.endActivity() }
            let result = try await getProduct(id, policy: policy)
            render(result.value, origin: result.origin)
            return .success(result)
        } catch {
            // CLI.md names the product that does not exist.
            if error == .notFound {
                errors.report(error, saying: "No product \(id.rawValue) exists.")
            } else {
                errors.report(error)
            }
            return .failure(error)
        }
    }

    private func render(_ product: Product, origin: Origin) {
        if format == .json {
            output.printLine(ProductDetailDocument.json(product, origin: origin, now: now()))
            return
        }
        if let notice = CacheNotice.line(for: origin, subject: "the product") {
            output.printDiagnostic(notice)
        }
        ProductDetails.lines(for: product, width: width).forEach(output.printLine)
    }
}
