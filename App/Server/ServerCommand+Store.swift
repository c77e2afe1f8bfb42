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
        let capacity = try replayCapacity(console: console, environment: environment)
        if let (uri, source) = databaseURI(environment) {
            var address: PostgresAddress
            do {
                address = try PostgresAddress(uri: uri)
            } catch {
                throw console.fail(StartupFailure("\(source) cannot be used: \(error.description); give postgres://user@host:port/name."))
            }
            if source == "--database", address.password != nil {
                throw console.fail(StartupFailure(
                    "--database carries a password, which every local user can read in the process list; "
                        + "give the URI without it and the password in a file only you can read (STOREFRONT_DATABASE_PASSWORD_FILE), "
                        + "or the whole URI in STOREFRONT_DATABASE."
                ))
            }
            if let file = environment["STOREFRONT_DATABASE_PASSWORD_FILE"], !file.isEmpty {
                address.password = try passwordFromFile(file, console: console)
            }
            do {
                return (try await PostgresBackendStore.open(address, capacity: capacity, logger: logger), StoreDatabase(postgres: address))
            } catch {
                throw console.fail(StartupFailure("The backend cannot start: \(error.description)."))
            }
        }
        let folder = stateDirectory(environment)
        let file = (folder as NSString).appendingPathComponent(Self.databaseName)
        do {
            try PrivateFiles.createDirectory(at: folder)
            return (try await SQLiteBackendStore.open(file: file, capacity: capacity), StoreDatabase(sqliteFile: file))
        } catch let error as FileSystemError {
            throw console.fail(StartupFailure(couldNotWrite: "the backend's database", reason: error.description))
        } catch {
            throw console.fail(StartupFailure("The backend's database cannot be used: \(error)."))
        }
    }

    /// The PostgreSQL URI and where it came from: `--database`, else `STOREFRONT_DATABASE`;
    /// nil for neither (the SQLite file).
    private func databaseURI(_ environment: [String: String]) -> (String, String)? {
        if let uri = options.database { return (uri, "--database") }
        guard let uri = environment["STOREFRONT_DATABASE"], !uri.isEmpty else { return nil }
        return (uri, "STOREFRONT_DATABASE")
    }

    /// The password in `file`, its first line, refused when others can read the file
    /// (as libpq refuses a loose `PGPASSFILE`).
    private func passwordFromFile(_ file: String, console: ServerConsole) throws -> String {
        let bytes: [UInt8]?
        do {
            bytes = try PrivateFiles.read(at: file, maximumBytes: 4_096)
        } catch {
            throw console.fail(StartupFailure("STOREFRONT_DATABASE_PASSWORD_FILE cannot be used: \(error.description)."))
        }
        guard let bytes else {
            throw console.fail(StartupFailure("STOREFRONT_DATABASE_PASSWORD_FILE names \(file), which does not exist."))
        }
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        return String(line.hasSuffix("\r") ? line.dropLast() : line)
    }

    /// `--replay-capacity`, else `STOREFRONT_REPLAY_CAPACITY`, else the standard million.
    private func replayCapacity(console: ServerConsole, environment: [String: String]) throws -> Int {
        if let capacity = options.replayCapacity { return capacity }
        guard let text = environment["STOREFRONT_REPLAY_CAPACITY"], !text.isEmpty else { return ReplayCapacity.standard }
        guard let capacity = Int(text), capacity >= 1 else {
            throw console.fail(StartupFailure("STOREFRONT_REPLAY_CAPACITY must be a whole number, 1 or more, not \(text.debugDescription)."))
        }
        return capacity
    }

    /// The database the store is in, as `serve` names it: its kind (`--json`'s `store`
    /// is its raw value) and where it is (a file, or a URI without its password).
    struct StoreDatabase {
        let kind: StoreDatabaseKind
        let location: String

        init(sqliteFile file: String) {
            (kind, location) = (.sqlite, file)
        }

        init(postgres address: PostgresAddress) {
            (kind, location) = (.postgresql, address.description)
        }
    }
}
