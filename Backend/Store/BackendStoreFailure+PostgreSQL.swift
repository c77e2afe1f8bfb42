import PostgresNIO

extension BackendStoreFailure {
    /// What PostgreSQL said, in its own words: its message and SQLSTATE, never the
    /// statement's values. A statement that ran or waited for a lock past the deadline
    /// says so.
    init(_ error: PSQLError) {
        guard let server = error.serverInfo else {
            self.init("the database could not be reached or closed the connection (\(error.code))")
            return
        }
        let state = server[.sqlState] ?? "?"
        let message = server[.message] ?? "no message"
        switch state {
        case "55P03":
            self.init("a lock the statement needed was held by another session for longer than the deadline (\(message))", waitedForLock: true)
        case "57014":
            self.init("the statement ran past the deadline and the database ended it (\(message))")
        default:
            self.init("the database refused a statement: \(message) (SQLSTATE \(state))")
        }
    }
}
