/// The databases the backend keeps its state in: the one list that `serve --database`
/// chooses from by a URI's scheme, that `serve --json` names (`store`), and that the
/// store contract, the end-to-end suites and the benchmark run over. A store of your own
/// is its type and a case here; each place that makes a store is an exhaustive `switch`
/// over these cases (`DatabaseAddress`, and the test lists), so the compiler names every
/// place that must learn how to make the new one.
public enum StoreDatabaseKind: String, CaseIterable, Sendable {
    /// A file: by default `backend.sqlite` in the data folder, with no set-up.
    case sqlite
    /// A database several gateways share, on a PostgreSQL server.
    case postgresql

    /// The database's name in a sentence.
    public var name: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgresql: "PostgreSQL"
        }
    }

    /// The URI schemes that name this database in `--database`, as it is written first.
    public var schemes: [String] {
        switch self {
        case .sqlite: ["sqlite"]
        case .postgresql: ["postgres", "postgresql"]
        }
    }

    /// How a URI of this database is written, for a sentence that says what to give.
    public var example: String {
        switch self {
        case .sqlite: "sqlite:/path/to/file"
        case .postgresql: "postgres://user@host:port/name"
        }
    }

    /// The database whose scheme `uri` starts with, in any case; nil when no database
    /// here has it (another scheme, or no scheme at all).
    public init?(naming uri: String) {
        guard let colon = uri.firstIndex(of: ":") else { return nil }
        let scheme = uri[..<colon].lowercased()
        guard let kind = Self.allCases.first(where: { $0.schemes.contains(scheme) }) else { return nil }
        self = kind
    }
}
