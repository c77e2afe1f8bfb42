/// Admissions that arrive while one batch of them is with the database go together in
/// the next: one statement, one round trip, for however many came (a group commit).
/// With nothing in flight, an admission goes at once, alone, so a quiet gateway waits
/// no longer than before; a busy one pays each statement's fixed costs once a batch.
/// An actor, so what waits and whether a batch is out are only ever read and changed
/// in turn.
actor AdmissionBatches<Input: Sendable, Output: Sendable> {
    typealias Reply = CheckedContinuation<Result<Output, BackendStoreFailure>, Never>

    private var waiting: [(Input, Reply)] = []
    private var sending = false
    private let send: @Sendable ([Input]) async throws(BackendStoreFailure) -> [Output]

    /// `send` answers a batch of inputs with one output each, in their order.
    init(send: @escaping @Sendable ([Input]) async throws(BackendStoreFailure) -> [Output]) {
        self.send = send
    }

    /// `input`'s output, from the batch it joins.
    func submit(_ input: Input) async throws(BackendStoreFailure) -> Output {
        let result = await withCheckedContinuation { (reply: Reply) in
            waiting.append((input, reply))
            if !sending {
                sending = true
                Task { await self.sendAll() }
            }
        }
        return try result.get()
    }

    /// Sends what waits, batch after batch, until none does. While a batch is out the
    /// actor is free, so what comes meanwhile waits for the next.
    private func sendAll() async {
        while !waiting.isEmpty {
            let batch = waiting
            waiting = []
            do throws(BackendStoreFailure) {
                let outputs = try await send(batch.map(\.0))
                guard outputs.count == batch.count else {
                    throw BackendStoreFailure("the database answered \(outputs.count) of a batch of \(batch.count) requests")
                }
                for (waiting, output) in zip(batch, outputs) {
                    waiting.1.resume(returning: .success(output))
                }
            } catch {
                for waiting in batch {
                    waiting.1.resume(returning: .failure(error))
                }
            }
        }
        sending = false
    }
}
