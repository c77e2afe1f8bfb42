import Domain
import Styling

/// The store's categories: a table on a terminal, `slug<TAB>name` lines for a pipe,
/// or CLI.md's JSON document.
public struct CategoriesPresenter {
    private let listCategories: ListCategories
    private let output: any ConsoleOutput
    private let format: OutputFormat
    private let errors: ErrorReporter
    /// True when standard output is a terminal: aligned columns with a header.
    private let asTable: Bool

    public init(listCategories: ListCategories, console: Console) {
        self.listCategories = listCategories
        self.output = console.output
        self.format = console.format
        self.errors = console.errors
        self.asTable = console.width != nil
    }

    @discardableResult
    public func show(policy: ReadPolicy = .standard) async -> Result<Fetched<[Category]>, StoreError> {
        do {
            // A spinner, where the terminal shows one, until the answer or the error is printed.
            output.beginActivity("Loading the categories")
            defer { output.endActivity() }
            let result = try await listCategories(policy: policy)
            render(result.value, origin: result.origin)
            return .success(result)
        } catch {
            errors.report(error)
            return .failure(error)
        }
    }

    private func render(_ categories: [Category], origin: Origin) {
        if format == .json {
            output.printLine(CategoriesDocument.json(categories, origin: origin))
            return
        }
        if let notice = CacheNotice.line(for: origin, subject: "categories") { output.printDiagnostic(notice) }
        guard asTable else {
            categories.forEach { output.printLine("\($0.slug)\t\($0.name)") }
            return
        }
        let width = max(4, categories.map { DisplayWidth.of($0.slug.rawValue) }.max() ?? 0)
        output.printLine(StyledText(DisplayWidth.pad("SLUG", to: width), style: .heading) + "  " + StyledText("NAME", style: .heading))
        categories.forEach { output.printLine(StyledText(DisplayWidth.pad($0.slug.rawValue, to: width), style: .secondary) + "  " + StyledText($0.name)) }
    }
}
