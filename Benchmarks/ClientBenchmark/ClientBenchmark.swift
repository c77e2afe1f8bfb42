import Backend
import Data
import Domain
import Foundation
import HTTPClientAdapter
import HTTPTypes
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
        let store = try await SQLiteBackendStore.open(file: nil)
        let server = try StoreServer(configuration: configuration, store: store, logger: Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() })
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let backend = Task { try await server.run { portContinuation.yield($0) } }
        var portIterator = ports.makeAsyncIterator()
        guard let port = await portIterator.next(), let baseURL = URL(string: "http://127.0.0.1:\(port)") else {
            throw BenchmarkFailure(reason: "the backend did not start")
        }

        let adapter = try AsyncHTTPClientTransport(configuration: TransportConfiguration(baseURL: baseURL))
        let sessions = FileSessionStore(directory: folder)
        let chain = InterceptedTransport.storeChain(adapter: adapter, sessions: sessions, oblivious: nil, logger: .silent)
        let cache = FileResponseCache(directory: folder + "/cache", clock: SystemWallClock())
        let namespace = baseURL.absoluteString
        let client = StoreClient(chain: chain, cache: cache, sessions: sessions, clock: SystemWallClock(), cacheNamespace: namespace)
        let logIn = LogIn(repository: RemoteAuthRepository(client: client, sessions: sessions))
        // The stack pays for writing each answer to the cache, as the App does, but never
        // reads one back: a fresh hit would skip the network this compares against.
        let writingClient = StoreClient(
            chain: chain, cache: WriteOnlyCache(writingTo: cache), sessions: sessions, clock: SystemWallClock(), cacheNamespace: namespace
        )
        let search = SearchProducts(repository: RemoteProductRepository(client: writingClient))
        _ = try await logIn(username: "emilys", password: "emilyspass")
        guard let token = try await sessions.load()?.accessToken else { throw BenchmarkFailure(reason: "no session after login") }
        let bare = HTTPRequest(
            method: .get, scheme: nil, authority: nil, path: "/auth/products/search?q=phone&limit=10&skip=0",
            headerFields: [.authorization: "Bearer \(token)"]
        )

        let (bareTimes, stackTimes) = try await interleaved(iterations, { _ = try await adapter.send(bare, body: nil) }, {
            _ = try await search(text: "phone", page: 1, pageSize: 10)
        })
        let bareP50 = percentile(bareTimes, 0.50), bareP99 = percentile(bareTimes, 0.99)
        let stackP50 = percentile(stackTimes, 0.50), stackP99 = percentile(stackTimes, 0.99)
        print("in-process, \(iterations) searches each (µs)      p50      p99")
        print("  bare transport (AsyncHTTPClient)     \(pad(bareP50)) \(pad(bareP99))")
        print("  whole client stack                   \(pad(stackP50)) \(pad(stackP99))")
        print("  difference                           \(pad(stackP50 - bareP50)) \(pad(stackP99 - bareP99))   (no goal: the process figures are what a person feels)")


        // Where the difference goes: the stack's own work over a transport that answers
        // at once with the backend's recorded answer, then its parts one by one.
        let (recordedHead, recordedBody) = try await adapter.send(bare, body: nil)
        let canned = CannedTransport(answer: (recordedHead, recordedBody))
        let cannedSearch = SearchProducts(repository: RemoteProductRepository(client: StoreClient(
            chain: InterceptedTransport.storeChain(adapter: canned, sessions: sessions, oblivious: nil, logger: .silent),
            cache: WriteOnlyCache(writingTo: cache), sessions: sessions, clock: SystemWallClock(), cacheNamespace: namespace
        )))
        let parts: [(String, Int)] = [
            ("whole stack, transport answering at once", try await p50(iterations) { _ = try await cannedSearch(text: "phone", page: 1, pageSize: 10) }),
            ("  the session read", try await p50(iterations) { _ = try await sessions.load() }),
            // Foundation's JSONDecoder on the page's 3.5 KB: a floor the stack cannot go below
            // while it decodes with JSONDecoder (every read validates what it keeps, rule 1).
            ("  the answer decoded (JSONDecoder)", try await p50(iterations) {
                _ = try JSONDecoder().decode(PageBody.self, from: Foundation.Data(recordedBody))
            }),
            ("  the answer kept (one cache write)", try await p50(iterations) {
                await cache.store(recordedBody, for: "bench", validity: CacheValidity(freshFor: .seconds(60), etag: #""v1""#))
            }),
        ]
        print("where it goes, p50 (µs)")
        for (name, value) in parts {
            print("  \(name.padding(toLength: 42, withPad: " ", startingAt: 0))\(pad(value))")
        }

        try await printStores(of: recordedBody, under: folder)

        await adapter.shutdown()
        backend.cancel()
        _ = await backend.result
        await store.close()
    }

    /// What keeping a new answer costs in caches of 20, 2,000 (the standard limit) and
    /// 20,000 entries (the limit raised), as means: a median would leave out the write in
    /// `FileResponseCache.checkInterval` that lists the folder to check the limits, and a
    /// person pays for it spread over the others. Each new entry is removed again, untimed,
    /// so the folder stays at its size; the sizes take turns, so the file system's own
    /// drift falls on all three alike.
    private static func printStores(of body: [UInt8], under folder: String) async throws {
        let stores = 3_200
        let validity = CacheValidity(freshFor: .seconds(60), etag: nil)
        let sizes = [20, 2_000, 20_000]
        var caches: [(limits: CacheLimits, cache: FileResponseCache)] = []
        for size in sizes {
            let limits = size > CacheLimits.standard.maximumEntries ? CacheLimits(maximumEntries: size, maximumBytes: 1 << 30) : .standard
            let cache = FileResponseCache(directory: folder + "/cache-\(size)", limits: limits, clock: SystemWallClock())
            for index in 0..<size {
                await cache.store(body, for: "filler \(index)", validity: validity)
            }
            caches.append((limits, cache))
        }
        let clock = ContinuousClock()
        var times = Array(repeating: [Duration](), count: sizes.count)
        for index in 0..<stores {
            for (turn, sized) in caches.enumerated() {
                times[turn].append(await clock.measure { await sized.cache.store(body, for: "new \(index)", validity: validity) })
                await sized.cache.remove(key: "new \(index)")
            }
        }
        print("a new answer kept, \(stores) each, in a cache of (µs)    mean      p50   mean / 20 entries")
        let means = times.map { Double($0.reduce(.zero, +).wholeMicroseconds) / Double(stores) }
        for (turn, size) in sizes.enumerated() {
            let ratio = turn == 0 ? "" : String(format: "%.2f×", means[turn] / means[0])
            let label = "  \(size) entries, one in \(FileResponseCache.checkInterval(for: caches[turn].limits)) lists the folder"
            print("\(label.padding(toLength: 46, withPad: " ", startingAt: 0))\(pad(Int(means[turn].rounded()))) \(pad(percentile(times[turn], 0.50)))   \(ratio)")
        }
    }

    /// `iterations` runs of each of `first` and `second`, interleaved so drift in the
    /// machine's load falls on both alike, after a tenth as many that warm connections
    /// and caches. Not isolated to the main actor, so no run pays for a hop to it.
    private static func interleaved(
        _ iterations: Int,
        _ first: @Sendable () async throws -> Void,
        _ second: @Sendable () async throws -> Void
    ) async throws -> ([Duration], [Duration]) {
        let clock = ContinuousClock()
        var firstTimes: [Duration] = []
        var secondTimes: [Duration] = []
        let warmUp = iterations / 10
        for index in 0..<(iterations + warmUp) {
            let firstTime = try await clock.measure { try await first() }
            let secondTime = try await clock.measure { try await second() }
            if index >= warmUp {
                firstTimes.append(firstTime)
                secondTimes.append(secondTime)
            }
        }
        return (firstTimes, secondTimes)
    }

    /// The median of `iterations` runs of `body`, after a tenth as many to warm up;
    /// off the main actor, like `interleaved`.
    private static func p50(_ iterations: Int, _ body: @Sendable () async throws -> Void) async throws -> Int {
        let clock = ContinuousClock()
        for _ in 0..<(iterations / 10) { try await body() }
        var times: [Duration] = []
        for _ in 0..<iterations { times.append(try await clock.measure { try await body() }) }
        return percentile(times, 0.50)
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

/// Answers every request at once with one recorded answer: the stack with no network under it.
struct CannedTransport: HTTPTransport {
    let answer: (HTTPResponse, [UInt8])

    func send(_ request: HTTPRequest, body: [UInt8]?) async throws(TransportError) -> (HTTPResponse, [UInt8]) { answer }

    func shutdown() async {}
}

/// A cache that stores every answer and finds none: the network path, cache writes included.
struct WriteOnlyCache: ResponseCache {
    let writingTo: FileResponseCache

    func answer(for key: String) async -> CachedAnswer? { nil }

    func store(_ body: [UInt8], for key: String, validity: CacheValidity) async -> Bool {
        await writingTo.store(body, for: key, validity: validity)
    }

    func remove(key: String) async {
        await writingTo.remove(key: key)
    }

    func removeAll(keyPrefix prefix: String) async {
        await writingTo.removeAll(keyPrefix: prefix)
    }

    func statistics() async -> CacheStatistics {
        await writingTo.statistics()
    }

    var ownedFolders: [String] { writingTo.ownedFolders }
}
