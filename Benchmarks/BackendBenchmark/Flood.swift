import Backend
import Foundation
import HTTPClientAdapter
import Infrastructure

/// The flood PROTOCOL.md rule 4 bounds, played for real: for `seconds`, sealed logins
/// dated ahead (from 400 s to a day), as fast as one process sends them, sixteen at a
/// time, at a gateway on each store, with the default capacity and with 10,000 (whose
/// share for refused requests, 1,000, the flood fills in its first seconds); then a
/// hundred logins dated now. Prints the flood's rate and answers (a sealed 400, the
/// `date` problem), and how many of the logins after it were served: all of them, or
/// the flood took the room of requests that are served.
enum Flood {
    static func run(seconds: Int) async throws {
        let postgres = ProcessInfo.processInfo.environment["STOREFRONT_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-flood-\(UUID().uuidString)").path
        // The user's alone: the SQLite store refuses a folder others can write.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ring = try GatewayKeyRing(current: GatewayKeyRing.freshKey(after: nil))
        var stores: [(name: String, open: (Int) async throws -> any BackendStore)] = []
        for database in StoreDatabaseKind.allCases {
            switch database {
            case .sqlite:
                stores.append(("SQLite, one file", { try await SQLiteBackendStore.open(file: folder + "/backend-\($0).sqlite", capacity: $0) }))
            case .postgresql:
                guard let postgres else { continue }
                let address = try PostgresAddress(uri: postgres)
                stores.append(("PostgreSQL, local socket", { try await PostgresBackendStore.open(address, capacity: $0, logger: BackendBenchmark.silent) }))
            }
        }
        print("a flood of sealed logins dated ahead for \(seconds) s, \(BackendBenchmark.concurrency) at a time, then 100 logins dated now")
        // The default capacity, and one whose share for refused requests (1,000) the
        // flood fills in its first seconds.
        for (name, open) in stores {
            for capacity in [ReplayCapacity.standard, 10_000] {
                let store = try await open(capacity)
                try await store.sweep(now: Int64(Date().timeIntervalSince1970) + 200_000)
                let (flood, after) = try await BackendBenchmark.serving(store: store, ring: ring) { transport in
                    try await floodThenLogins(through: transport, configuration: ring.current.configuration, seconds: seconds)
                }
                await store.close()
                let answers = flood.statuses.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: ", ")
                print("  \(name), capacity \(capacity): \(flood.count) sent, \(Int(flood.rate.rounded())) a second (\(answers)); "
                    + "after it, \(after) of 100 logins served")
            }
        }
    }

    /// What the flood came to, and how many of the logins after it were served.
    static func floodThenLogins(
        through transport: AsyncHTTPClientTransport, configuration: ObliviousKeyConfiguration, seconds: Int
    ) async throws -> (flood: (count: Int, rate: Double, statuses: [Int: Int]), after: Int) {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(seconds)
        let started = clock.now
        let statuses = try await withThrowingTaskGroup(of: [Int: Int].self) { group in
            for _ in 0..<BackendBenchmark.concurrency {
                group.addTask {
                    var statuses: [Int: Int] = [:]
                    while clock.now < end {
                        let ahead = Date().addingTimeInterval(Double.random(in: 400...86_000))
                        let answer = try await SealedCall.send("POST", "/auth/login", json: SealedCall.login, dated: ahead, to: transport, configuration: configuration)
                        statuses[answer.status, default: 0] += 1
                    }
                    return statuses
                }
            }
            return try await group.reduce(into: [Int: Int]()) { total, part in total.merge(part, uniquingKeysWith: +) }
        }
        let count = statuses.values.reduce(0, +)
        let rate = Double(count) / ((clock.now - started) / .seconds(1))
        var served = 0
        for _ in 0..<100 {
            let answer = try await SealedCall.send("POST", "/auth/login", json: SealedCall.login, to: transport, configuration: configuration)
            if answer.status == 200 { served += 1 }
        }
        return ((count, rate, statuses), served)
    }
}
