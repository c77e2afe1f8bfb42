import Backend
import Foundation
import Infrastructure

/// The stores the benchmark measures, and its searches-only run of one of them.
extension BackendBenchmark {
    /// A store, and how a gateway opens it (given the gateway's index).
    typealias StoreToMeasure = (name: String, open: (Int) async throws -> any BackendStore)

    /// Each database the backend offers (a new one does not compile until it is here),
    /// PostgreSQL when scripts/with-postgres named a cluster, after the in-memory reference.
    static func stores(in folder: String, postgres: String?) throws -> [StoreToMeasure] {
        var stores: [StoreToMeasure] = [("in memory (the reference)", { _ in InMemoryBackendStore() })]
        for database in StoreDatabaseKind.allCases {
            switch database {
            case .sqlite:
                stores.append(("SQLite, one file", { _ in try await SQLiteBackendStore.open(file: folder + "/backend.sqlite") }))
            case .postgresql:
                guard let postgres else { continue }
                let address = try PostgresAddress(uri: postgres)
                stores.append(("PostgreSQL, local socket", { _ in try await PostgresBackendStore.open(address, logger: silent) }))
            }
        }
        return stores
    }

    /// `--searches NAME [REQUESTS]`: one gateway on the store whose name holds NAME
    /// (any case), one login, then only sealed searches, with their processor time: a
    /// phase alone, to profile it (`perf record -a` for its whole length).
    static func searches(
        on name: String, of stores: [StoreToMeasure], ring: GatewayKeyRing, requests: Int, postmaster: Int32?
    ) async throws {
        guard let chosen = stores.first(where: { $0.name.lowercased().contains(name.lowercased()) }) else {
            // A usage error, said as one: thrown, it would end in a crash report.
            let sentence = "BackendBenchmark: no store's name holds \(name); the stores: \(stores.map(\.name).joined(separator: "; "))\n"
            try? FileHandle.standardError.write(contentsOf: Foundation.Data(sentence.utf8))
            exit(64)
        }
        let store = try await chosen.open(0)
        let configuration = ring.current.configuration
        let searched = try await serving(store: store, ring: ring) { transport in
            let token = try await SealedCall.signIn(to: transport, configuration: configuration)
            return try await phase(requests, postmaster: postmaster) { _ in
                try await SealedCall.search(bearer: token, to: transport, configuration: configuration)
            }
        }
        await store.close()
        print("\(chosen.name): \(pad(searched.rate)) sealed searches a second, \(requests), \(concurrency) at a time; "
            + "processor time a search, ms: \(milliseconds(searched.time)) (the database's in parentheses)")
    }
}
