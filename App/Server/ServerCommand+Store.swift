import AppShared
import Backend
import Foundation
import Infrastructure
import Logging

/// Where `serve` keeps its sessions and replay memory: the database `--database` (or
/// `STOREFRONT_DATABASE`) names by its URI's scheme, or by default the SQLite file in the
/// data folder; opened, its schema made when missing, before the server starts.
extension ServerCommand {
    /// The file the backend keeps its sessions and its replay memory in, in the data folder.
    static let databaseName = "backend.sqlite"

    /// The store `--database` (or `STOREFRONT_DATABASE`) names; without one, the data
    /// folder's SQLite file, the folder made (private) when missing.
    func openStore(console: ServerConsole, logger: Logger, environment: [String: String]) async throws -> (any BackendStore, DatabaseAddress) {
        let capacity = try replayCapacity(console: console, environment: environment)
        let address = try databaseAddress(console: console, environment: environment)
        do {
            return (try await address.open(capacity: capacity, logger: logger), address)
        } catch {
            throw console.fail(StartupFailure("The backend cannot start: \(error.description)."))
        }
    }

    /// The database named, its password read from `STOREFRONT_DATABASE_PASSWORD_FILE`
    /// where one is needed; else the data folder's SQLite file, the folder made.
    private func databaseAddress(console: ServerConsole, environment: [String: String]) throws -> DatabaseAddress {
        guard let (uri, source) = databaseURI(environment) else {
            let folder = stateDirectory(environment)
            do {
                try PrivateFiles.createDirectory(at: folder)
            } catch {
                throw console.fail(StartupFailure(couldNotWrite: "the backend's database", reason: error.description))
            }
            return .sqlite(file: (folder as NSString).appendingPathComponent(Self.databaseName))
        }
        let address: DatabaseAddress
        do {
            address = try DatabaseAddress(uri: uri)
        } catch {
            throw console.fail(StartupFailure("\(source) cannot be used: \(error.description)."))
        }
        guard case .postgresql(var postgres) = address else { return address }
        if source == "--database", postgres.password != nil {
            throw console.fail(StartupFailure(
                "--database carries a password, which every local user can read in the process list; "
                    + "give the URI without it and the password in a file only you can read (STOREFRONT_DATABASE_PASSWORD_FILE), "
                    + "or the whole URI in STOREFRONT_DATABASE."
            ))
        }
        if let file = environment["STOREFRONT_DATABASE_PASSWORD_FILE"], !file.isEmpty {
            postgres.password = try passwordFromFile(file, console: console)
        }
        return .postgresql(postgres)
    }

    /// The database's URI and where it came from: `--database`, else `STOREFRONT_DATABASE`;
    /// nil for neither (the data folder's SQLite file).
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
}
