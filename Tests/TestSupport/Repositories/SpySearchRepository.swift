import Domain
import Synchronization

/// A product repository whose answer per query text is scripted, and which records
/// each search, whether it was cancelled, and can hold an answer back until released.
public actor SpySearchRepository: ProductRepository {
    /// The searches that would reach the backend (any policy but cache-only), in order.
    public private(set) var queries: [String] = []
    /// The cache-only lookups, in order.
    public private(set) var cacheLookups: [String] = []
    /// Query texts with a cached page, and its age; the rest are not cached.
    private let cached: [String: Duration]
    /// Recorded the moment a cancellation arrives, not later in a task of its own.
    private let cancellations = CancellationLog()
    public var cancelled: [String] { cancellations.texts }
    private var held: Set<String>
    private var holdWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    private let calls = CountWaiters()

    /// - Parameter holding: query texts whose answers wait until `release` (ignoring cancellation, as a slow server would).
    public init(holding: Set<String> = [], cached: [String: Duration] = [:]) {
        held = holding
        self.cached = cached
    }

    public func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        if policy == .cacheOnly {
            cacheLookups.append(query.text)
            guard let age = cached[query.text] else { throw .notCached }
            return Fetched(try Self.page(for: query, title: "Cached \(query.text)"), from: .cache(age: age, reason: .offlineRequested))
        }
        queries.append(query.text)
        calls.reached(queries.count)

        if held.contains(query.text) {
            await withTaskCancellationHandler {
                await withCheckedContinuation { holdWaiters[query.text, default: []].append($0) }
            } onCancel: { [cancellations] in
                cancellations.append(query.text)
            }
        }
        return Fetched(try Self.page(for: query, title: "Result for \(query.text)"), from: .network)
    }

    private static func page(for query: SearchQuery, title: String) throws(StoreError) -> ProductPage {
        do {
            let product = try Product(
                id: ProductID(1), title: title, description: "", category: "c", brand: nil,
                price: Money(minorUnits: 100, currency: .usd), discountPercentage: 0, rating: 1, stock: 1, tags: [], thumbnailURL: ""
            )
            let more = (1..<query.paging.pageSize).map { _ in product }
            return try ProductPage(items: [product] + more, total: 25, paging: query.paging)
        } catch {
            throw .invalidInput(error)
        }
    }

    public func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product> {
        throw .notFound
    }

    public func categories(policy: ReadPolicy) async throws(StoreError) -> Fetched<[Category]> {
        throw .notFound
    }

    public func products(in query: CategoryQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        throw .notFound
    }

    public func release(_ text: String) {
        held.remove(text)
        holdWaiters.removeValue(forKey: text)?.forEach { $0.resume() }
    }

    /// Waits until `count` searches have reached the repository.
    /// Ends early when the test is cancelled (`CountWaiters`).
    public func waitForCalls(_ count: Int) async {
        await calls.wait(until: count)
    }
}

/// Query texts whose search was cancelled.
public final class CancellationLog: Sendable {
    private let log = Mutex<[String]>([])

    public var texts: [String] { log.withLock { $0 } }

    public func append(_ text: String) {
        log.withLock { $0.append(text) }
    }
}
