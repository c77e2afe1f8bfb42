/// What can go wrong between the store client and a usable response, before anyone
/// has looked at the status code: what the transport said, or what a link of the
/// chain (Oblivious HTTP, the session) refused.
public enum NetworkError: Error, Equatable, Sendable {
    /// What the socket or the adapter said.
    case transport(TransportError)
    /// Sealed mode got an answer that is not an encapsulated response (an unsealed
    /// status, a relay's own page, a missing body): never parsed, never acted on.
    case unsealedResponse
    /// Sealed mode got an unsealed 502, 503 or 504: a relay or a balancer saying the
    /// gateway cannot be reached (RFC 9458 section 5.2 lets a relay answer its own
    /// errors). Nothing of it is used; it means what a dropped connection means, which
    /// such a hop can cause anyway.
    case gatewayUnreachable(status: Int)
    /// An encapsulated response did not open (sealed for another request, changed, too
    /// short); no byte of it is used.
    case unopenableResponse(reason: String)
    /// An encapsulated response opened, but what it held is not a Binary HTTP answer HTTP
    /// allows; no byte of it is used.
    case malformedSealedResponse(reason: String)
    /// The gateway, or something on the way, said it holds no key by the id this client
    /// sealed to (unknown, or its time ran out). `readAgain`: the configuration was taken
    /// again and gave no other one; otherwise the request may not be sent twice (a login,
    /// a refresh), so it was not tried again.
    case gatewayKeyRefused(keyID: String, readAgain: Bool)
    /// A request that, encapsulated, is larger than the gateway reads: not sent.
    case requestTooLarge(limit: Int)
    /// The gateway's key configuration could not be had (a file that no longer reads, a
    /// well-known resource that answered something else).
    case gatewayKeysUnavailable(reason: String)
    /// The gateway refused the request as a replay, or its date twice (sealed answers);
    /// `message` is its own words.
    case sealedRequestRefused(message: String?)
    /// A request could not be sealed; `reason` names the failing step.
    case sealingFailed(reason: String)
    /// A request body could not be encoded.
    case unencodableRequest(reason: String)
    /// An authenticated request was made with no session stored.
    case notSignedIn
    /// The session could not be refreshed (the refresh token was refused); it was cleared.
    case sessionExpired
    /// The backend was busy or failing when the session needed renewing (429, 5xx);
    /// the session is kept for a later try.
    case refreshUnavailable(status: Int)
    /// The refresh was answered with what PROTOCOL.md never gives to one.
    case refreshMisanswered(reason: String)
    /// The session store failed: the session could not be read on the way out, or the
    /// renewed session (or the lock taken to renew it) could not be kept.
    case sessionStore(SessionStoreError)
}

extension NetworkError {
    /// The error's kind in a few words, for the `--verbose` line; reasons come from the
    /// transport and crypto layers, which never put secrets into them.
    var summary: String {
        switch self {
        case .transport(let error): error.summary
        case .unsealedResponse: "answer not encapsulated, refused"
        case .gatewayUnreachable(let status): "an unsealed \(status) on the way: the gateway cannot be reached"
        case .unopenableResponse: "encapsulated response did not open"
        case .malformedSealedResponse: "encapsulated response opened, but the Binary HTTP inside was refused"
        case .gatewayKeyRefused(let id, _): "the gateway does not hold the key \(id)"
        case .requestTooLarge(let limit): "the sealed request is larger than the gateway's \(limit) bytes"
        case .gatewayKeysUnavailable: "the gateway's key configuration could not be had"
        case .sealedRequestRefused: "sealed request refused as a replay or for its time"
        case .sealingFailed: "sealing failed"
        case .unencodableRequest: "invalid request"
        case .notSignedIn: "not signed in"
        case .sessionExpired: "session expired"
        case .refreshUnavailable(let status): "the refresh was answered \(status)"
        case .refreshMisanswered(let reason): reason
        case .sessionStore(.notWritten), .sessionStore(.quotaExceeded): "the session could not be kept"
        case .sessionStore: "the session store failed"
        }
    }
}
