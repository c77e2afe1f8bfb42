import Data
import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The session's delegate: collects each task's body as it streams in, cuts it off at
/// the size limit, and resumes the waiting caller when the task completes.
///
/// The delegate, not `URLSession.data(for:)`, because only the delegate sees the body
/// arrive piece by piece; `data(for:)` would buffer a 1 GB answer before we could
/// refuse it.
///
/// The answer does not travel through the continuation: the delegate leaves it in the
/// state under the lock and resumes with nothing, and the task takes it under the same
/// lock (`answer(for:)`). The Swift runtime gives ThreadSanitizer no ordering when a
/// continuation is resumed before its task reaches the `await`, which on loopback is
/// most of the time, so a value handed through it reads as raced; the lock orders it.
final class ExchangeRegistry: NSObject, URLSessionDataDelegate, Sendable {
    private struct Exchange {
        let continuation: CheckedContinuation<Void, any Error>
        let limit: Int
        var body = Data()
        var exceededLimit = false
    }

    private struct State {
        var exchanges: [Int: Exchange] = [:]
        /// Completions that arrived before their task was registered (a cancel can race it).
        var earlyCompletions: [Int: (any Error)?] = [:]
        /// Each completed task's answer, until its caller takes it.
        var answers: [Int: (HTTPResponse, [UInt8])] = [:]
    }

    private let state = Mutex(State())

    func register(_ task: URLSessionTask, limit: Int, continuation: CheckedContinuation<Void, any Error>) {
        let early: (any Error)?? = state.withLock { state in
            if let completion = state.earlyCompletions.removeValue(forKey: task.taskIdentifier) {
                return .some(completion)
            }
            state.exchanges[task.taskIdentifier] = Exchange(continuation: continuation, limit: limit)
            return .none
        }
        if case .some(let error) = early {
            continuation.resume(throwing: Self.classify(error, exceededLimit: false, limit: limit))
        }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        // Refuse early when the server announces a body over the limit.
        let tooLarge = state.withLock { state -> Bool in
            guard var exchange = state.exchanges[dataTask.taskIdentifier] else { return false }
            guard response.expectedContentLength > Int64(exchange.limit) else { return false }
            exchange.exceededLimit = true
            state.exchanges[dataTask.taskIdentifier] = exchange
            return true
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    /// Redirects are never followed: answering nil makes the 3xx itself the response,
    /// which `complete` then refuses.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = state.withLock { state -> Bool in
            guard var exchange = state.exchanges[dataTask.taskIdentifier], !exchange.exceededLimit else { return false }
            if exchange.body.count + data.count > exchange.limit {
                exchange.exceededLimit = true
                exchange.body = Data()
            } else {
                exchange.body.append(data)
            }
            state.exchanges[dataTask.taskIdentifier] = exchange
            return exchange.exceededLimit
        }
        if tooLarge {
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let finished = state.withLock { state -> Exchange? in
            guard let exchange = state.exchanges.removeValue(forKey: task.taskIdentifier) else {
                state.earlyCompletions[task.taskIdentifier] = .some(error)
                return nil
            }
            return exchange
        }
        guard let exchange = finished else { return }

        if error != nil || exchange.exceededLimit {
            exchange.continuation.resume(throwing: Self.classify(error, exceededLimit: exchange.exceededLimit, limit: exchange.limit))
            return
        }
        guard let response = task.response as? HTTPURLResponse else {
            exchange.continuation.resume(throwing: TransportError.unreachable(reason: "the server sent no HTTP response"))
            return
        }
        var fields: [(name: String, value: String)] = []
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                fields.append((name, value))
            }
        }
        do {
            let head = try ResponseHead.checked(status: response.statusCode, fields: fields)
            let body = [UInt8](exchange.body)
            state.withLock { $0.answers[task.taskIdentifier] = (head, body) }
            exchange.continuation.resume()
        } catch {
            exchange.continuation.resume(throwing: error)
        }
    }

    /// The answer the delegate left for `task`, taken under the lock it was left under.
    func answer(for task: URLSessionTask) throws(TransportError) -> (HTTPResponse, [UInt8]) {
        guard let answer = state.withLock({ $0.answers.removeValue(forKey: task.taskIdentifier) }) else {
            throw .unreachable(reason: "the request completed without an answer")
        }
        return answer
    }

    /// Sorts a failed task into the transport's error cases.
    private static func classify(_ error: (any Error)?, exceededLimit: Bool, limit: Int) -> TransportError {
        if exceededLimit {
            return .responseTooLarge(limit: limit)
        }
        guard let urlError = error as? URLError else {
            return .unreachable(reason: error.map { String(describing: $0) } ?? "the request failed")
        }
        switch urlError.code {
        case .cancelled:
            return .cancelled
        case .timedOut:
            return .unreachable(reason: "timed out")
        case .cannotConnectToHost:
            return .cannotConnect(reason: "connection refused")
        case .cannotFindHost, .dnsLookupFailed:
            return .cannotConnect(reason: "host not found")
        case .networkConnectionLost:
            return .unreachable(reason: "connection lost")
        case .notConnectedToInternet:
            return .unreachable(reason: "no network")
        case .unsupportedURL, .cannotParseResponse:
            // What libcurl says of a status line that is not HTTP: "Unsupported response
            // code" (000 to 099), "Received HTTP/0.9" (bytes where a head belongs). The
            // URL itself was checked at start-up, so it is the answer that is unusable.
            // (An informational head followed by a close is "Empty reply from server",
            // as is a server that closed without a word: unreachable, the safe reading.)
            return .malformedResponse(reason: "the answer is not valid HTTP (\(urlError.localizedDescription))")
        default:
            return .unreachable(reason: urlError.localizedDescription)
        }
    }
}
