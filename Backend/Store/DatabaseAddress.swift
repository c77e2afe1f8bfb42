import Logging

/// Where the backend keeps its state, read from a URI whose scheme names the database
/// (`StoreDatabaseKind.schemes`): what `serve --database` and `STOREFRONT_DATABASE` take,
/// and how the tests name a database to a backend of their own, by the same rule.
public enum DatabaseAddress: Sendable, Equatable, CustomStringConvertible {
    /// A SQLite file, its path as written after `sqlite:` (or `sqlite://`): relative to
    /// the current folder unless it starts with `/`.
    case sqlite(file: String)
    case postgresql(PostgresAddress)

    public init(uri: String) throws(UnreadableDatabaseURI) {
        guard let kind = StoreDatabaseKind(naming: uri) else {
            let offered = StoreDatabaseKind.allCases.map(\.example).joined(separator: " or ")
            throw UnreadableDatabaseURI(description: "it names no database the backend keeps; give \(offered)")
        }
        switch kind {
        case .sqlite: self = .sqlite(file: try Self.sqliteFile(uri))
        case .postgresql: self = .postgresql(try PostgresAddress(uri: uri))
        }
    }

    /// The path a `sqlite:` URI names. A query or fragment is refused rather than taken
    /// as part of the name, as SQLite's own parameters (`?mode=ro`) would be believed in
    /// force; an authority other than none is refused, as a file has no host.
    private static func sqliteFile(_ uri: String) throws(UnreadableDatabaseURI) -> String {
        var path = uri.drop { $0 != ":" }.dropFirst()
        if path.hasPrefix("//") {
            path = path.dropFirst(2)
            guard path.hasPrefix("/") else {
                throw UnreadableDatabaseURI(description: "a sqlite:// URI names no host: write sqlite:///absolute/path or sqlite:relative/path")
            }
        }
        if path.contains("?") || path.contains("#") {
            throw UnreadableDatabaseURI(description: "a sqlite: URI takes no parameters; it is the file's path alone")
        }
        guard !path.isEmpty else {
            throw UnreadableDatabaseURI(description: "the URI names no file")
        }
        return String(path)
    }

    /// Which database this is.
    public var kind: StoreDatabaseKind {
        switch self {
        case .sqlite: .sqlite
        case .postgresql: .postgresql
        }
    }

    /// Where it is, safe to show and log: the file, or the URI without its password.
    public var description: String {
        switch self {
        case .sqlite(let file): file
        case .postgresql(let address): address.description
        }
    }

    /// Opens the store kept here, its schema made when missing (and the SQLite file,
    /// private, in a folder that exists).
    public func open(capacity: Int = ReplayCapacity.standard, logger: Logger) async throws(BackendStoreFailure) -> any BackendStore {
        switch self {
        case .sqlite(let file): try await SQLiteBackendStore.open(file: file, capacity: capacity)
        case .postgresql(let address): try await PostgresBackendStore.open(address, capacity: capacity, logger: logger)
        }
    }
}

/// A database URI this cannot read; the sentence never repeats the URI, which may carry
/// a password.
public struct UnreadableDatabaseURI: Error, Equatable, CustomStringConvertible {
    public let description: String
}
