import Domain
import Synchronization

/// A product repository whose answer per query text is scripted, and which records
/// each search, whether it was cancelled, and can hold an answer back until released.
actor ScriptedSearchRepository: ProductRepository {
    private(set) var queries: [String] = []
    /// Recorded the moment a cancellation arrives, not later in a task of its own.
    private let cancellations = CancellationLog()
    var cancelled: [String] { cancellations.texts }
    private var held: Set<String>
    private var holdWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var callWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// - Parameter holding: query texts whose answers wait until `release` (ignoring cancellation, as a slow server would).
    init(holding: Set<String> = []) {
        held = holding
    }

    func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        queries.append(query.text)
        let ready = callWaiters.filter { $0.count <= queries.count }
        callWaiters.removeAll { $0.count <= queries.count }
        ready.forEach { $0.continuation.resume() }

        if held.contains(query.text) {
            await withTaskCancellationHandler {
                await withCheckedContinuation { holdWaiters[query.text, default: []].append($0) }
            } onCancel: { [cancellations] in
                cancellations.append(query.text)
            }
        }
        do {
            let product = try Product(
                id: ProductID(1), title: "Result for \(query.text)", description: "", category: "c", brand: nil,
                price: Money(minorUnits: 100, currency: .usd), discountPercentage: 0, rating: 1, stock: 1, tags: [], thumbnailURL: ""
            )
            let more = (1..<query.pageSize).map { _ in product }
            return Fetched(try ProductPage(products: [product] + more, total: 25, page: query.page, pageSize: query.pageSize), from: .network)
        } catch {
            throw .invalidInput(error)
        }
    }

    func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product> {
        throw .notFound
    }

    func release(_ text: String) {
        held.remove(text)
        holdWaiters.removeValue(forKey: text)?.forEach { $0.resume() }
    }

    /// Waits until `count` searches have reached the repository.
    func waitForCalls(_ count: Int) async {
        guard queries.count < count else { return }
        await withCheckedContinuation { callWaiters.append((count, $0)) }
    }
}

/// Query texts whose search was cancelled.
final class CancellationLog: Sendable {
    private let log = Mutex<[String]>([])

    var texts: [String] { log.withLock { $0 } }

    func append(_ text: String) {
        log.withLock { $0.append(text) }
    }
}
