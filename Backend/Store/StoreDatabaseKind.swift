/// The databases the backend keeps its state in: the one list that `serve --json` names
/// (`store`), and that the store contract, the end-to-end suites and the benchmark run
/// over. A store of your own is its type and a case here; each test list is an
/// exhaustive `switch` over these cases, so the compiler names every place that must
/// learn how to make the new one.
public enum StoreDatabaseKind: String, CaseIterable, Sendable {
    /// A file in the data folder (`backend.sqlite`): the default, with no set-up.
    case sqlite
    /// A database several gateways share, named by `--database postgres://…`.
    case postgresql

    /// The database's name in a sentence.
    public var name: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgresql: "PostgreSQL"
        }
    }
}
