/// Bounds one exchange by an overall deadline, for any transport: the exchange and a
/// timer race, and whichever ends first cancels the other. Cancelling the exchange
/// cancels its HTTP request, so the connection is closed, not left to drip.
public enum ExchangeDeadline {
    public static func run<Result: Sendable>(
        within deadline: Duration,
        _ exchange: @escaping @Sendable () async throws(TransportError) -> Result
    ) async throws(TransportError) -> Result {
        do {
            return try await withThrowingTaskGroup(of: Result.self) { group in
                group.addTask { try await exchange() }
                group.addTask {
                    try await Task.sleep(for: deadline)
                    throw TransportError.deadlineExceeded(deadline)
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw TransportError.cancelled }
                return first
            }
        } catch let error as TransportError {
            throw error
        } catch {
            // The timer's sleep ends with CancellationError only when the caller cancelled.
            throw .cancelled
        }
    }
}
