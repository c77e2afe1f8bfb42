/// The injected failures still to come, as a flaky backend's: each of the next requests
/// it counts is answered 503 before the store sees it (`failFirstRequests`,
/// `StoreServer.failNextRequests`).
actor FaultPlan {
    private var remainingFailures: Int

    init(failures: Int) {
        remainingFailures = failures
    }

    func add(failures: Int) {
        remainingFailures += failures
    }

    /// Whether this request is one of those to fail.
    func takeFailure() -> Bool {
        guard remainingFailures > 0 else { return false }
        remainingFailures -= 1
        return true
    }
}
