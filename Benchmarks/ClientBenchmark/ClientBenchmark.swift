import Backend
import Data
import Domain
import Foundation
import HTTPClientAdapter
import Infrastructure
import Logging

/// What the whole client stack costs on top of the bare transport, in process: one
/// search through use case → repository → cache → interceptors → AsyncHTTPClient,
/// against one request through AsyncHTTPClient alone, both to the in-process backend.
/// Prints p50 and p99 in microseconds; `scripts/benchmark-client` runs it in release.
@main
struct ClientBenchmark {
    static func main() async throws {
        let iterations = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 2_000
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }

        var configuration = StoreServerConfiguration()
        configuration.port = 0
        let server = try StoreServer(configuration: configuration, logger: Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() })
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let backend = Task { try await server.run { portContinuation.yield($0) } }
        var portIterator = ports.makeAsyncIterator()
        guard let port = await portIterator.next(), let baseURL = URL(string: "http://127.0.0.1:\(port)") else {
            throw BenchmarkFailure(reason: "the backend did not start")
        }

        let adapter = try AsyncHTTPClientTransport(configuration: TransportConfiguration(baseURL: baseURL))
        let sessions = FileSessionStore(directory: folder)
        let chain = InterceptedTransport.storeChain(adapter: adapter, sessions: sessions, payloadKey: nil, logger: .silent)
        let cache = FileResponseCache(directory: folder + "/cache", clock: SystemWallClock())
        let namespace = baseURL.absoluteString
        let logIn = LogIn(repository: RemoteAuthRepository(
            transport: chain, sessions: sessions, cache: cache, clock: SystemWallClock(), cacheNamespace: namespace
        ))
        // The stack pays for writing each answer to the cache, as the App does, but never
        // reads one back: a fresh hit would skip the network this compares against.
        let search = SearchProducts(repository: RemoteProductRepository(
            transport: chain, sessions: sessions, cache: WriteOnlyCache(writingTo: cache), clock: SystemWallClock(), cacheNamespace: namespace
        ))
        _ = try await logIn(username: "emilys", password: "emilyspass")
        guard let token = try await sessions.load()?.accessToken else { throw BenchmarkFailure(reason: "no session after login") }
        let bare = HTTPRequest(
            method: .get, path: "/auth/products/search",
            queryItems: [QueryItem("q", "phone"), QueryItem("limit", "10"), QueryItem("skip", "0")],
            headers: ["Authorization": "Bearer \(token)"]
        )

        let clock = ContinuousClock()
        var bareTimes: [Duration] = []
        var stackTimes: [Duration] = []
        // Interleaved, so drift in the machine's load falls on both alike; the first
        // tenth warms connections and caches and is not counted.
        let warmUp = iterations / 10
        for index in 0..<(iterations + warmUp) {
            let bareTime = try await clock.measure { _ = try await adapter.send(bare) }
            let stackTime = try await clock.measure { _ = try await search(text: "phone", page: 1, pageSize: 10) }
            if index >= warmUp {
                bareTimes.append(bareTime)
                stackTimes.append(stackTime)
            }
        }

        let bareP50 = percentile(bareTimes, 0.50), bareP99 = percentile(bareTimes, 0.99)
        let stackP50 = percentile(stackTimes, 0.50), stackP99 = percentile(stackTimes, 0.99)
        print("in-process, \(iterations) searches each (µs)      p50      p99")
        print("  bare transport (AsyncHTTPClient)     \(pad(bareP50)) \(pad(bareP99))")
        print("  whole client stack                   \(pad(stackP50)) \(pad(stackP99))")
        print("  difference                           \(pad(stackP50 - bareP50)) \(pad(stackP99 - bareP99))   goal: ≤ 100 µs at p50")

        await adapter.shutdown()
        backend.cancel()
        _ = await backend.result
    }

    private static func percentile(_ samples: [Duration], _ fraction: Double) -> Int {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))
        return Int(sorted[index].wholeMicroseconds)
    }

    private static func pad(_ value: Int) -> String {
        String(repeating: " ", count: max(0, 7 - String(value).count)) + String(value)
    }
}

struct BenchmarkFailure: Error {
    let reason: String
}

/// A cache that stores every answer and finds none: the network path, cache writes included.
struct WriteOnlyCache: ResponseCache {
    let writingTo: FileResponseCache

    func value<Value: Decodable & Sendable>(_ type: Value.Type, for key: String) async -> CachedValue<Value>? { nil }

    func store<Value: Encodable & Sendable>(_ value: Value, for key: String, validity: CacheValidity) async {
        await writingTo.store(value, for: key, validity: validity)
    }

    func remove(key: String) async {
        await writingTo.remove(key: key)
    }

    func removeAll(keyPrefix prefix: String) async {
        await writingTo.removeAll(keyPrefix: prefix)
    }
}
