import AppShared
import Backend
import Foundation
import Infrastructure
import Logging

/// Where `serve` keeps its sessions and replay memory: the PostgreSQL database
/// `--database` (or `STOREFRONT_DATABASE`) names, or by default the SQLite file in the
/// data folder; each opened, and made when missing, before the server starts.
extension ServerCommand {
    /// The file the backend keeps its sessions and its replay memory in, in the data folder.
    static let databaseName = "backend.sqlite"

    /// The store `--database` (or `STOREFRONT_DATABASE`) names, its schema made when
    /// missing; without one, the data folder's SQLite file, made (private) when missing.
    func openStore(console: ServerConsole, logger: Logger, environment: [String: String]) async throws -> (any BackendStore, StoreDatabase) {
        if let uri = options.database ?? environment["STOREFRONT_DATABASE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let address: PostgresAddress
            do {
                address = try PostgresAddress(uri: uri)
            } catch {
                throw console.fail(StartupFailure("--database: \(error.description); give postgres://user@host:port/name."))
            }
            do {
                return (try await PostgresBackendStore.open(address, logger: logger), StoreDatabase(postgres: address))
            } catch {
                throw console.fail(StartupFailure("The backend cannot start: \(error.description)."))
            }
        }
        let folder = stateDirectory(environment)
        let file = (folder as NSString).appendingPathComponent(Self.databaseName)
        do {
            try PrivateFiles.createDirectory(at: folder)
            return (try await SQLiteBackendStore.open(file: file), StoreDatabase(sqliteFile: file))
        } catch let error as FileSystemError {
            throw console.fail(StartupFailure(couldNotWrite: "the backend's database", reason: error.description))
        } catch {
            throw console.fail(StartupFailure("The backend's database cannot be used: \(error)."))
        }
    }

    /// The database the store is in, as `serve` names it: its kind, for `--json`, and
    /// where it is (a file, or a URI without its password).
    struct StoreDatabase {
        let kind: String
        let name: String
        let location: String

        init(sqliteFile file: String) {
            (kind, name, location) = ("sqlite", "SQLite", file)
        }

        init(postgres address: PostgresAddress) {
            (kind, name, location) = ("postgresql", "PostgreSQL", address.description)
        }
    }
}
