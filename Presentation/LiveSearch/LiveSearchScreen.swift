import Domain
import Styling

/// Everything the interactive search screen shows, as one value the view draws.
public struct LiveSearchScreen: Equatable, Sendable {
    /// What the status line says.
    public enum Status: Equatable, Sendable {
        /// Nothing typed yet.
        case idle
        /// Typed, waiting for the pause that starts a search.
        case typing
        case searching
        case results
        /// A cached page, drawn at once while the backend is asked for a newer one.
        case cachedWhileSearching(age: Duration)
        /// Answered from the cache: still fresh, so the backend was not asked.
        case fresh(age: Duration)
        /// Answered from the cache for `reason` (the backend away, busy or failing).
        case cached(age: Duration, reason: CacheReason)
        /// A sentence for a person.
        case failed(String)
    }

    public internal(set) var query = ""
    public internal(set) var status = Status.idle
    /// The results on screen: those of `query` once a search has answered.
    public internal(set) var page: ProductPage?
    /// The highlighted result row, 0-based.
    public internal(set) var selectedRow = 0
    /// The product whose details are open (Enter), nil on the results list.
    public internal(set) var detail: Product?

    public init() {}

    /// The status line as text.
    public var statusText: String {
        switch status {
        case .idle: "Type to search the store. Ctrl-C to leave."
        case .typing: "…"
        case .searching: "Searching…"
        case .results: rangeText
        case .cachedWhileSearching(let age): "Searching… (showing results cached \(AgeText.describe(age)))"
        case .fresh(let age): "\(rangeText) (cached \(AgeText.describe(age)))"
        case .cached(let age, let reason): CacheNotice.sentence(age: age, reason: reason, subject: "results")
        case .failed(let sentence): sentence
        }
    }

    private var rangeText: String {
        page?.shownRange.map { "Showing \($0) \(SearchPresenter.list.noun($0.total))" } ?? "No results"
    }

    /// The aligned table of the results, header first, as `storefront search` prints it
    /// to a terminal `width` columns wide.
    public func tableLines(width: Int) -> [StyledText] {
        guard let page, !page.products.isEmpty else { return [] }
        return ProductTable.lines(for: page.products, width: width)
    }
}
