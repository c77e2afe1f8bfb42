import PostgresNIO

extension PostgresBackendStore {
    /// `body` within the store's deadline; any failure of the database's, or the
    /// deadline passing, is the store's failure. The answer comes at the deadline even
    /// when `body` goes on (a statement already sent ignores cancellation; the server's
    /// `statement_timeout` ends it soon after): `body` is cancelled and left to finish.
    func bounded<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) async throws(BackendStoreFailure) -> Value {
        try await Self.bounded(within: deadline, deadline: deadline, body)
    }

    /// `body` within `budget`, what is left of `deadline`.
    static func bounded<Value: Sendable>(
        within budget: Duration, deadline: Duration, _ body: @escaping @Sendable () async throws -> Value
    ) async throws(BackendStoreFailure) -> Value {
        let outcome = await DeadlineOutcome<Value>.race(body, deadline: budget)
        switch outcome {
        case .value(let value):
            return value
        case .timedOut:
            throw timedOut(deadline)
        case .failed(let error as PSQLError):
            throw BackendStoreFailure(error)
        case .failed(let error as BackendStoreFailure):
            throw error
        case .failed(let error as PostgresTransactionError):
            if let failure = error.closureError as? BackendStoreFailure { throw failure }
            let cause = error.beginError ?? error.closureError ?? error.commitError
            throw (cause as? PSQLError).map { BackendStoreFailure($0) }
                ?? BackendStoreFailure("the database refused a transaction: \(cause.map { "\($0)" } ?? "no reason given")")
        case .failed(let error):
            throw BackendStoreFailure("the database refused a statement: \(error)")
        }
    }

    /// The server's own limits, in milliseconds, for a store whose deadline is
    /// `deadline`: a statement ends by four fifths of it and a wait for a lock by three
    /// fifths, so the server's error, which names its cause, comes before the deadline's.
    static func serverLimits(for deadline: Duration) -> (statement: Int64, lock: Int64) {
        (deadline.wholeMilliseconds * 4 / 5, deadline.wholeMilliseconds * 3 / 5)
    }

    /// The failure of a statement the database did not answer within `deadline`.
    static func timedOut(_ deadline: Duration) -> BackendStoreFailure {
        BackendStoreFailure("the database could not be reached, or did not answer, within \(deadline)")
    }
}
