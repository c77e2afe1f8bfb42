import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// Turns a failed exchange into the domain's vocabulary, in one step: what the chain
/// threw (`NetworkError`) or what the answer meant. The same status means different
/// things by endpoint (a 400 at login is wrong credentials, elsewhere a bug), so the
/// caller says which kind of request failed.
enum StoreErrorMapping {
    enum RequestKind {
        case logIn
        case authenticated
    }

    /// An answer other than 2xx (after the interceptors had their turn: a 401 here was
    /// already refreshed once, a 503 already retried, an asked wait already waited), with
    /// the server's `message`, the wait its `Retry-After` named, and what it means.
    static func fromStatus(_ status: Int, message: String?, retryAfter: Duration?, in kind: RequestKind) -> StoreError {
        switch (AnswerMeaning(status: status, retryAfter: retryAfter), status, kind) {
        case (_, 400, .logIn), (.reauthenticate, _, .logIn):
            // The client always sends both fields, so a 400 can only mean they are wrong,
            // whatever its body says (a sealed server's 400 may not even open).
            .invalidCredentials
        case (.reauthenticate, _, .authenticated):
            // The auth interceptor already refreshed once and replayed; still 401.
            .sessionExpired
        case (_, 404, _):
            .notFound
        case (_, 413, _):
            .requestTooLarge
        case (.askedToWait(let wait), _, _):
            // Asked to wait longer than a command waits, or again after waiting once.
            .rateLimited(retryAfter: wait)
        case (.unavailable, _, _):
            // Still failing after the retries: as good as absent, so the cache may stand in.
            .offline
        case (.serverFailed, _, _):
            .storeFailed(Diagnostic(String(status), theirWords: message))
        case (.unexpected, _, _), (.notModified, _, _), (.redirect, _, _):
            // Not a final status (a 101 nobody asked for), a 304 to a request that asked
            // nothing, or a redirect (those were refused earlier). A status outside
            // `ResponseHead.httpStatuses` never gets here: the adapters refuse it.
            .unusableResponse(Diagnostic("the store answered with status \(status), which no request of this client expects"))
        case (.success, _, _), (.forbidden, _, _), (.refused, _, _):
            .unexpected(Diagnostic("HTTP \(status)", theirWords: message))
        }
    }

    /// A response other than 2xx as the `StoreError` it means, with the server's
    /// `message` read from its body and the wait its `Retry-After` names.
    static func fromResponse(
        _ response: HTTPResponse, body: [UInt8], in kind: RequestKind, now: Date
    ) -> StoreError {
        let message = try? JSONDecoder().decode(ErrorBodyDTO.self, from: Data(body)).message
        let retryAfter = RetryAfter.delay(from: response.headerFields[.retryAfter], now: now)
        return fromStatus(response.status.code, message: message, retryAfter: retryAfter, in: kind)
    }

    /// What the chain threw: the transport's failures as below, a refresh the backend
    /// could not answer as `offline` too, a session or Oblivious HTTP failure as what it means.
    static func fromNetworkError(_ error: NetworkError) -> StoreError {
        switch error {
        case .transport(let error):
            fromTransportError(error)
        case .refreshUnavailable, .gatewayUnreachable:
            .offline
        case .refreshMisanswered(let reason):
            .unusableResponse(Diagnostic(reason))
        case .notSignedIn:
            .notSignedIn
        case .sessionExpired:
            .sessionExpired
        case .unsealedResponse:
            .unusableResponse(Diagnostic("the answer was not an encapsulated response, and sealed mode takes nothing else"))
        case .unopenableResponse(let reason):
            .unusableResponse(Diagnostic("the encapsulated response did not open: \(reason)"))
        case .malformedSealedResponse(let reason):
            .unusableResponse(Diagnostic("the encapsulated response opened, but the Binary HTTP inside was refused: \(reason)"))
        case .gatewayKeyRefused(let keyID, readAgain: true):
            .sealingKeyRetired(Diagnostic(keyID))
        case .gatewayKeyRefused(let keyID, readAgain: false):
            .sealingKeyRefusedNotResent(Diagnostic(keyID))
        case .requestTooLarge:
            .requestTooLarge
        case .gatewayKeysUnavailable(let reason):
            .sealingKeyUnavailable(Diagnostic(reason))
        case .sealedRequestRefused(let message):
            .refusedAsReplay(Diagnostic("refused as a replay or for its date", theirWords: message))
        case .sessionStore(let error):
            error.storeError(keeping: "the renewed session")
        case .sealingFailed(let reason), .unencodableRequest(let reason):
            .unexpected(Diagnostic(reason))
        }
    }

    /// What the transport said: `offline` for exactly the failures a cached answer may
    /// stand in for (nothing listening, no answer, no complete answer in time).
    private static func fromTransportError(_ error: TransportError) -> StoreError {
        switch error {
        case .cannotConnect, .unreachable, .deadlineExceeded:
            .offline
        case .serverIdentityRejected(let host, let reason):
            .untrustedStore(host: host, Diagnostic(reason.phrase))
        case .redirected(let status, let location):
            .unusableResponse(Diagnostic("the server redirected (\(status)) to \(location ?? "nowhere"); redirects are never followed"))
        case .malformedResponse(let reason):
            .unusableResponse(Diagnostic("the answer broke HTTP: \(reason)"))
        case .responseTooLarge(let limit):
            .unusableResponse(Diagnostic("the response was larger than \(limit) bytes"))
        case .cancelled:
            .unexpected(Diagnostic("the request was cancelled"))
        case .invalidRequest(let reason):
            .unexpected(Diagnostic(reason))
        }
    }
}
