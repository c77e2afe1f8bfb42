import Synchronization

/// Admissions that arrive while one batch of them is with the database go together in
/// the next: one statement, one round trip, for however many came (a group commit).
/// With nothing in flight, an admission goes at once, alone, so a quiet gateway waits
/// no longer than before; a busy one pays each statement's fixed costs once a batch.
final class AdmissionBatches<Input: Sendable, Output: Sendable>: Sendable {
    typealias Reply = CheckedContinuation<Result<Output, BackendStoreFailure>, Never>

    private struct State {
        var waiting: [(Input, Reply)] = []
        var sending = false
    }

    private let state = Mutex(State())
    private let send: @Sendable ([Input]) async throws(BackendStoreFailure) -> [Output]

    /// `send` answers a batch of inputs with one output each, in their order.
    init(send: @escaping @Sendable ([Input]) async throws(BackendStoreFailure) -> [Output]) {
        self.send = send
    }

    /// `input`'s output, from the batch it joins.
    func submit(_ input: Input) async throws(BackendStoreFailure) -> Output {
        let result = await withCheckedContinuation { (reply: Reply) in
            let starts = state.withLock { state in
                state.waiting.append((input, reply))
                defer { state.sending = true }
                return !state.sending
            }
            if starts {
                Task { await self.sendAll() }
            }
        }
        return try result.get()
    }

    /// Sends what waits, batch after batch, until none does.
    private func sendAll() async {
        while true {
            let batch = state.withLock { state in
                defer { state.waiting = [] }
                if state.waiting.isEmpty { state.sending = false }
                return state.waiting
            }
            guard !batch.isEmpty else { return }
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
    }
}
