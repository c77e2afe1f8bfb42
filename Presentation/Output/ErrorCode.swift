/// Every error code the program prints (`code` in the error document, CLI.md's exit
/// statuses table), each with the one exit status it goes with. Stable across releases:
/// scripts match on them, so a code never changes once shipped.
public enum ErrorCode: String, CaseIterable, Sendable {
    case usage
    case invalidInput = "invalid-input"
    case invalidCredentials = "invalid-credentials"
    case notSignedIn = "not-signed-in"
    case sessionExpired = "session-expired"
    case offline
    case serverError = "server-error"
    case notCached = "not-cached"
    case rateLimited = "rate-limited"
    case keyRefusedNotResent = "key-refused-not-resent"
    /// A write went out and no answer said whether it was done.
    case outcomeUnknown = "outcome-unknown"
    case serverIdentity = "server-identity"
    case unusableResponse = "unusable-response"
    case configuration
    case gatewayKeyRefused = "gateway-key-refused"
    case gatewayKeysUnavailable = "gateway-keys-unavailable"
    case replayRefused = "replay-refused"
    case cannotWrite = "cannot-write"
    case quotaExceeded = "quota-exceeded"
    case notFound = "not-found"
    case requestTooLarge = "request-too-large"
    case unexpected
    /// The person stopped the command at a prompt: Ctrl-D.
    case cancelled
    /// The person stopped the command at a prompt: Ctrl-C (the process then ends by SIGINT).
    case interrupted

    public var exitStatus: ProcessExitStatus {
        switch self {
        case .usage, .invalidInput: .usage
        case .invalidCredentials, .notSignedIn, .sessionExpired: .noPermission
        case .offline, .serverError, .notCached: .unavailable
        case .rateLimited, .keyRefusedNotResent, .outcomeUnknown: .temporaryFailure
        case .serverIdentity: .serverIdentity
        case .unusableResponse: .dataError
        case .configuration, .gatewayKeyRefused, .gatewayKeysUnavailable, .replayRefused: .configuration
        case .cannotWrite: .cannotWrite
        case .quotaExceeded: .quotaExceeded
        case .notFound, .requestTooLarge, .unexpected, .cancelled: .failure
        case .interrupted: .interrupted
        }
    }
}
