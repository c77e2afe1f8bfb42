/// A failed exchange with the store API, as `StoreAPIClient` reports it to the repositories.
enum APIError: Error, Equatable, Sendable {
    /// The chain (transport or an interceptor) failed before there was a response to read.
    case network(NetworkError)
    /// The server answered with a status other than 2xx, and its `message` when it sent one.
    case status(Int, message: String?)
    /// A 2xx body that is not the JSON the endpoint promises; the detail is for `--verbose`.
    case undecodable(detail: String)
    /// `--offline`, and nothing was kept for this request.
    case notCached

    /// Whether the backend is as good as absent: not reachable, or still answering
    /// 502/503/504 after the retries. Only then may a cached answer stand in for it.
    var isUnreachable: Bool {
        switch self {
        case .network(.cannotConnect), .network(.unreachable), .network(.deadlineExceeded): true
        case .status(let status, _): [502, 503, 504].contains(status)
        default: false
        }
    }
}
