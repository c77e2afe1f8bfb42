/// Lets one caller at a time through, in the order they came. The SQLite store's
/// operations share one connection, and a transaction's statements must have no other
/// operation's between them: that one would join the transaction, and be undone with it.
actor Turns {
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// `body`, once every caller before this one has had its turn.
    nonisolated func inTurn<Value: Sendable>(_ body: () async throws(BackendStoreFailure) -> Value) async throws(BackendStoreFailure) -> Value {
        await take()
        let result: Result<Value, BackendStoreFailure>
        do {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        await pass()
        return try result.get()
    }

    private func take() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the turn to the first caller waiting, or frees it.
    private func pass() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
