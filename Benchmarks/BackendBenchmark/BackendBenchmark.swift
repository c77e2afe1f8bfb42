import Backend
import Data
import Foundation
import HTTPClientAdapter
import HTTPTypes
import Infrastructure
import Logging

/// The backend's throughput on each store, beside an in-memory store measured in the
/// same run: sealed logins (open, remember the request, keep two token digests, seal)
/// and sealed searches (open, remember, look the token up, seal), sixteen at a time,
/// against one gateway and against two gateways sharing the store. Prints requests a
/// second, each store's ratio to the in-memory figure, and its searches as a fraction of
/// the sealing floor (`SealingFloor`) measured first, then the processor time each
/// request took (`ProcessorTime`); `scripts/benchmark-backend` runs it in release, with a
/// throwaway PostgreSQL.
@main
struct BackendBenchmark {
    static let concurrency = 16

    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--flood" {
            try await Flood.run(seconds: arguments.dropFirst().first.flatMap(Int.init) ?? 60)
            return
        }
        let searchesOnly = arguments.first == "--searches" ? arguments.dropFirst().first : nil
        let requests = arguments.dropFirst(searchesOnly == nil ? 0 : 2).first.flatMap(Int.init) ?? 2_000
        let postgres = ProcessInfo.processInfo.environment["STOREFRONT_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
        let postmaster = postgres.flatMap(ProcessorTime.postmaster(of:))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-backend-bench-\(UUID().uuidString)").path
        // The user's alone: the SQLite store refuses a folder others can write.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ring = try GatewayKeyRing(current: GatewayKeyRing.freshKey(after: nil))

        let stores = try Self.stores(in: folder, postgres: postgres)
        if let searchesOnly {
            try await searches(on: searchesOnly, of: stores, ring: ring, requests: requests, postmaster: postmaster)
            return
        }

        let floor = try await sealingFloor(ring: ring, requests: requests)
        print("the floor: \(pad(floor)) sealed requests a second (sealing alone, in process, on \(cores) cores)")
        print("sealed requests a second, \(requests) each, \(concurrency) at a time     logins   ratio   searches   ratio   of floor")
        var reference: [Int: Figures] = [:]
        var times: [String] = []
        for gateways in [1, 2] {
            for (name, open) in stores {
                // Each gateway opens the store itself, as a second process does: the same
                // file, the same database. In memory, both gateways share one store, as
                // two processes never could: the reference is the ideal, not the old bug.
                var opened: [any BackendStore] = []
                for index in 0..<gateways {
                    opened.append(index > 0 && name.hasPrefix("in memory") ? opened[0] : try await open(index))
                }
                let figures = try await measure(stores: opened, ring: ring, requests: requests, postmaster: postmaster)
                for store in opened.prefix(name.hasPrefix("in memory") ? 1 : gateways) { await store.close() }
                if name.hasPrefix("in memory") { reference[gateways] = figures }
                let base = reference[gateways] ?? figures
                let row = "  \(gateways) gateway\(gateways == 1 ? " " : "s"), \(name.padding(toLength: 28, withPad: " ", startingAt: 0))"
                print(row + "\(pad(figures.logins.rate)) \(ratio(figures.logins.rate, base.logins.rate))  "
                    + "\(pad(figures.searches.rate)) \(ratio(figures.searches.rate, base.searches.rate))"
                    + String(format: "   %5.2f", figures.searches.rate / floor))
                times.append(row + "\(milliseconds(figures.logins.time))  \(milliseconds(figures.searches.time))  "
                    + ratio(base.searches.time.total / figures.searches.time.total, 1))
            }
            // Each run's SQLite file starts empty.
            try? FileManager.default.removeItem(atPath: folder + "/backend.sqlite")
        }
        if postgres == nil {
            print("  (PostgreSQL not measured: run through scripts/benchmark-backend, which starts one)")
        }
        print("processor time a request, ms: all of it (the database's)          logins          searches   memory's ÷ this")
        times.forEach { print($0) }
    }

    static let silent = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }

    /// The machine's cores, each of which the floor keeps busy.
    static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// The sealing floor for the benchmark's search: its request and a real answer to it,
    /// taken from a gateway on an in-memory store.
    static func sealingFloor(ring: GatewayKeyRing, requests: Int) async throws -> Double {
        let configuration = ring.current.configuration
        let answer = try await serving(store: InMemoryBackendStore(), ring: ring) { transport in
            let token = try await SealedCall.signIn(to: transport, configuration: configuration)
            return try await SealedCall.send("GET", searchPath, bearer: token, to: transport, configuration: configuration)
        }
        let request = BinaryHTTPRequest(
            method: "GET", scheme: "http", authority: "127.0.0.1", path: searchPath,
            headerFields: [.init(name: "date", value: HTTPDate.format(Date())), .init(name: "authorization", value: "Bearer \(String(repeating: "t", count: 43))")]
        )
        let fields: [BinaryHTTPField] = [
            .init(name: "cache-control", value: "public, max-age=60"), .init(name: "content-type", value: "application/json"),
            .init(name: "date", value: HTTPDate.format(Date())), .init(name: "etag", value: "\"0123456789abcdef\""),
        ]
        return try await SealingFloor.requestsASecond(
            request: request, answer: BinaryHTTPResponse(status: answer.status, headerFields: fields, content: answer.content),
            key: ring.current, count: requests * 4, cores: cores
        )
    }

    /// The search every measured search asks.
    static let searchPath = "/auth/products/search?q=phone&limit=10&skip=0"

    /// A gateway on `store`, a server of its own on a free port, and a transport to it.
    static func startGateway(on store: any BackendStore, ring: GatewayKeyRing) async throws -> (task: Task<Void, any Error>, transport: AsyncHTTPClientTransport) {
        var configuration = StoreServerConfiguration()
        configuration.port = 0
        configuration.gatewayKeys = GatewayKeys(ring)
        let server = try StoreServer(configuration: configuration, store: store, logger: silent)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run { continuation.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), let url = URL(string: "http://127.0.0.1:\(port)") else {
            task.cancel()
            throw BenchmarkFailure(reason: "a backend did not start")
        }
        return (task, try AsyncHTTPClientTransport(configuration: TransportConfiguration(baseURL: url)))
    }

    /// `body` given a transport to a gateway on `store`, stopped after.
    static func serving<Value>(
        store: any BackendStore, ring: GatewayKeyRing, _ body: (AsyncHTTPClientTransport) async throws -> Value
    ) async throws -> Value {
        let (task, transport) = try await startGateway(on: store, ring: ring)
        defer { task.cancel() }
        do {
            let value = try await body(transport)
            await transport.shutdown()
            return value
        } catch {
            await transport.shutdown()
            throw error
        }
    }

    /// A phase's requests a second, and the processor time each request took.
    struct Phase {
        let rate: Double
        let time: ProcessorTime
    }

    /// What `loginsThenSearches` measures.
    struct Figures {
        let logins: Phase
        let searches: Phase
    }

    /// Logins, then searches, spread over one gateway per store, each a server of its own.
    static func measure(stores: [any BackendStore], ring: GatewayKeyRing, requests: Int, postmaster: Int32?) async throws -> Figures {
        var servers: [(task: Task<Void, any Error>, transport: AsyncHTTPClientTransport)] = []
        for store in stores {
            servers.append(try await startGateway(on: store, ring: ring))
        }
        let transports = servers.map(\.transport)
        do {
            let figures = try await loginsThenSearches(
                through: transports, configuration: ring.current.configuration, requests: requests, postmaster: postmaster
            )
            for server in servers {
                await server.transport.shutdown()
                server.task.cancel()
            }
            return figures
        } catch {
            for server in servers {
                await server.transport.shutdown()
                server.task.cancel()
            }
            throw error
        }
    }

    static func loginsThenSearches(
        through transports: [AsyncHTTPClientTransport], configuration: ObliviousKeyConfiguration, requests: Int, postmaster: Int32?
    ) async throws -> Figures {
        let token = try await SealedCall.signIn(to: transports[0], configuration: configuration)
        let logins = try await phase(requests, postmaster: postmaster) { index in
            let answer = try await SealedCall.send(
                "POST", "/auth/login", json: SealedCall.login, to: transports[index % transports.count], configuration: configuration
            )
            guard answer.status == 200 else { throw BenchmarkFailure(reason: "a login answered \(answer.status)") }
        }
        let searches = try await phase(requests, postmaster: postmaster) { index in
            try await SealedCall.search(bearer: token, to: transports[index % transports.count], configuration: configuration)
        }
        return Figures(logins: logins, searches: searches)
    }

    /// `rate`, with the processor time the calls took, each.
    static func phase(_ count: Int, postmaster: Int32?, _ call: @escaping @Sendable (Int) async throws -> Void) async throws -> Phase {
        let before = ProcessorTime.now(postmaster: postmaster)
        let rate = try await rate(count, call)
        let spent = ProcessorTime.now(postmaster: postmaster) - before
        return Phase(rate: rate, time: spent / count)
    }

    /// `count` calls of `call`, `concurrency` at a time: calls a second.
    static func rate(_ count: Int, _ call: @escaping @Sendable (Int) async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let started = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            for _ in 0..<min(concurrency, count) {
                let index = next
                group.addTask { try await call(index) }
                next += 1
            }
            while try await group.next() != nil, next < count {
                let index = next
                group.addTask { try await call(index) }
                next += 1
            }
            try await group.waitForAll()
        }
        return Double(count) / ((clock.now - started) / .seconds(1))
    }

    static func pad(_ value: Double) -> String {
        String(Int(value.rounded())).padding(toLength: 8, withPad: " ", startingAt: 0)
    }

    /// "2.57 (0.21)": all of a request's processor time, and the database's part, in ms.
    static func milliseconds(_ time: ProcessorTime) -> String {
        String(format: "%6.2f (%4.2f)", time.total / .milliseconds(1), time.database / .milliseconds(1))
    }

    static func ratio(_ value: Double, _ base: Double) -> String {
        String(format: "%5.2f×", value / base)
    }
}

/// The benchmark could not run.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
