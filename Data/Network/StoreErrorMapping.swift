import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// Turns a failed exchange into the domain's vocabulary, in one step: what the chain
/// threw (`NetworkError`) or the status the server answered. The same status means
/// different things by endpoint (a 400 at login is wrong credentials, elsewhere a bug),
/// so the caller says which kind of request failed.
package enum StoreErrorMapping {
    package enum RequestKind {
        case logIn
        case authenticated
    }

    /// A status other than 2xx (after the interceptors had their turn: a 401 here was
    /// already refreshed once, a 503 already retried, an asked wait already waited), with
    /// the server's `message` and the wait its `Retry-After` named.
    static func storeError(status: Int, message: String?, retryAfter: Duration?, in kind: RequestKind) -> StoreError {
        switch (status, kind) {
        case (400, .logIn), (401, .logIn):
            // The client always sends both fields, so a 400 can only mean they are wrong,
            // whatever its body says (a sealed server's 400 may not even open).
            .invalidCredentials
        case (401, .authenticated):
            // The auth interceptor already refreshed once and replayed; still 401.
            .sessionExpired
        case (404, _):
            .notFound
        case (413, _):
            .requestTooLarge
        case _ where RetryAfter.asksToWait(status: status, wait: retryAfter):
            // Asked to wait longer than a command waits, or again after waiting once.
            .rateLimited(retryAfter: retryAfter)
        case _ where RetryInterceptor.Policy.gatewayFailures.contains(status):
            // Still failing after the retries: as good as absent, so the cache may stand in.
            .offline
        case (500...599, _):
            .serverFailed(status: status, message: message)
        case (...199, _), (300...399, _):
            // Not a final status (below 200, a 101 nobody asked for), or a 3xx that is
            // not a redirect (those were refused earlier). A status outside
            // `TransportConfiguration.httpStatuses` never gets here: the adapters refuse it.
            .unusableResponse(detail: "the store answered with status \(status), which no request of this client expects")
        default:
            .unexpected(detail: "HTTP \(status)" + (message.map { ": \($0)" } ?? ""))
        }
    }

    /// A response other than 2xx as the `StoreError` it means, with the server's
    /// `message` read from its body and the wait its `Retry-After` names.
    /// `package` for the fuzz target, which feeds it a failing server's bodies.
    package static func storeError(for response: HTTPResponse, body: [UInt8], in kind: RequestKind, now: Date) -> StoreError {
        let message = try? JSONDecoder().decode(ErrorBodyDTO.self, from: Data(body)).message
        let retryAfter = RetryAfter.delay(from: response.headerFields[.retryAfter], now: now)
        return storeError(status: response.status.code, message: message, retryAfter: retryAfter, in: kind)
    }

    /// What the chain threw: the transport's failures as below, a refresh the backend
    /// could not answer as `offline` too, a session or Oblivious HTTP failure as what it means.
    static func storeError(for error: NetworkError) -> StoreError {
        switch error {
        case .transport(let error):
            storeError(for: error)
        case .refreshUnavailable:
            .offline
        case .refreshMisanswered(let reason):
            .unusableResponse(detail: reason)
        case .notSignedIn:
            .notSignedIn
        case .sessionExpired:
            .sessionExpired
        case .unsealedResponse:
            .unusableResponse(detail: "the answer was not an encapsulated response, and sealed mode takes nothing else")
        case .unopenableResponse(let reason):
            .unusableResponse(detail: "the encapsulated response did not open: \(reason)")
        case .gatewayKeyRefused(let keyID):
            .gatewayKeyRefused(keyID: keyID)
        case .gatewayKeysUnavailable(let reason):
            .gatewayKeysUnavailable(detail: reason)
        case .sealedRequestRefused(let message):
            .sealedRequestRefused(message: message)
        case .sessionNotWritten(let reason):
            .cannotWrite(what: "the renewed session", reason: reason)
        case .sealingFailed(let reason), .sessionStorage(let reason), .unencodableRequest(let reason):
            .unexpected(detail: reason)
        }
    }

    /// What the transport said: `offline` for exactly the failures a cached answer may
    /// stand in for (nothing listening, no answer, no complete answer in time).
    private static func storeError(for error: TransportError) -> StoreError {
        switch error {
        case .cannotConnect, .unreachable, .deadlineExceeded:
            .offline
        case .serverIdentityRejected(let host, let reason):
            .serverIdentityRejected(host: host, reason: reason)
        case .redirected(let status, let location):
            .unusableResponse(detail: "the server redirected (\(status)) to \(location ?? "nowhere"); redirects are never followed")
        case .malformedResponse(let reason):
            .unusableResponse(detail: "the answer broke HTTP: \(reason)")
        case .responseTooLarge(let limit):
            .unusableResponse(detail: "the response was larger than \(limit) bytes")
        case .cancelled:
            .unexpected(detail: "the request was cancelled")
        case .invalidRequest(let reason):
            .unexpected(detail: reason)
        }
    }
}
