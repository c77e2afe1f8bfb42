import Domain
import Infrastructure
import Logging

/// Searches the catalogue through the store API, falling back to cached pages when the
/// backend cannot be reached.
public struct RemoteProductRepository: ProductRepository {
    private let api: StoreAPIClient
    private let offlineFirst: OfflineFirst
    private let cacheNamespace: String

    /// - Parameter cacheNamespace: tells apart the caches of different backends, e.g. the base URL.
    public init(
        transport: any HTTPTransport,
        cache: any ResponseCache,
        clock: any WallClock,
        cacheNamespace: String,
        logger: Logger = .silent
    ) {
        self.api = StoreAPIClient(transport: transport)
        self.offlineFirst = OfflineFirst(cache: cache, clock: clock, logger: logger)
        self.cacheNamespace = cacheNamespace
    }

    public func search(_ query: SearchQuery) async throws(StoreError) -> Fetched<ProductPage> {
        let loaded = try await load(StoreEndpoints.search(query), as: ProductSearchResponseDTO.self) { answer throws(StoreError) in
            try answer.toDomain(for: query)
        }
        return Fetched(loaded.value, from: loaded.origin)
    }

    public func product(id: ProductID) async throws(StoreError) -> Fetched<Product> {
        let loaded = try await load(StoreEndpoints.product(id), as: ProductDTO.self) { answer throws(StoreError) in
            try answer.toDomain()
        }
        return Fetched(loaded.value, from: loaded.origin)
    }

    /// Network first, cache when unreachable, keyed by the request target (the query
    /// and page are in it) within this backend's namespace.
    private func load<Answer: Codable & Sendable, Value>(
        _ request: HTTPRequest,
        as answer: Answer.Type,
        toDomain: (Answer) throws(StoreError) -> Value
    ) async throws(StoreError) -> (value: Value, origin: Origin) {
        do throws(APIError) {
            return try await offlineFirst.load(
                key: "\(cacheNamespace) \(request.target)",
                fetch: { () async throws(APIError) in try await api.send(request, expecting: Answer.self) },
                toDomain: toDomain
            )
        } catch {
            throw StoreErrorMapping.storeError(for: error, in: .authenticated)
        }
    }
}
