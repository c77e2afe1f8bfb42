import Domain
import Infrastructure
import Logging

/// Searches the catalogue through the store API, with the cache policy deciding when
/// a kept page answers instead.
public struct RemoteProductRepository: ProductRepository {
    private let api: StoreAPIClient
    private let cachePolicy: CachePolicy

    /// - Parameter cacheNamespace: tells apart the caches of different backends, e.g. the base URL.
    public init(
        transport: any HTTPTransport,
        sessions: any SessionStore,
        cache: any ResponseCache,
        clock: any WallClock,
        cacheNamespace: String,
        logger: Logger = .silent
    ) {
        self.api = StoreAPIClient(transport: transport, clock: clock)
        self.cachePolicy = CachePolicy(cache: cache, clock: clock, sessions: sessions, namespace: cacheNamespace, logger: logger)
    }

    public func search(_ query: SearchQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        try await load(StoreEndpoints.search(query), policy: policy, as: ProductSearchResponseDTO.self) { answer throws(StoreError) in
            try answer.toDomain(for: query)
        }
    }

    public func product(id: ProductID, policy: ReadPolicy) async throws(StoreError) -> Fetched<Product> {
        try await load(StoreEndpoints.product(id), policy: policy, as: ProductDTO.self) { answer throws(StoreError) in
            try answer.toDomain()
        }
    }

    public func categories(policy: ReadPolicy) async throws(StoreError) -> Fetched<[Category]> {
        try await load(StoreEndpoints.categories, policy: policy, as: [CategoryDTO].self) { answer throws(StoreError) in
            var categories: [Category] = []
            for category in answer { categories.append(try category.toDomain()) }
            return categories
        }
    }

    public func products(in query: CategoryQuery, policy: ReadPolicy) async throws(StoreError) -> Fetched<ProductPage> {
        try await load(StoreEndpoints.category(query), policy: policy, as: ProductSearchResponseDTO.self) { answer throws(StoreError) in
            try answer.toDomain(for: query)
        }
    }

    /// Through the cache policy, which keeps answers by request target (the query and
    /// page are in it) under the signed-in user.
    private func load<Answer: Codable & Sendable, Value>(
        _ request: HTTPRequest,
        policy: ReadPolicy,
        as answer: Answer.Type,
        toDomain: (Answer) throws(StoreError) -> Value
    ) async throws(StoreError) -> Fetched<Value> {
        try await cachePolicy.load(
            request,
            policy: policy,
            fetch: { etag async throws(StoreError) in try await api.send(request, expecting: Answer.self, ifNoneMatch: etag) },
            toDomain: toDomain
        )
    }
}
