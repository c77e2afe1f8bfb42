/// The exit statuses of CLI.md, named after the BSD `sysexits.h` codes they reuse,
/// so scripts can tell "fix your command" (64) from "try again later" (69).
public enum ProcessExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    case failure = 1
    /// A bad option or value, an empty query.
    case usage = 64
    /// The backend's answer could not be used.
    case dataError = 65
    /// The backend cannot be reached and nothing usable is cached.
    case unavailable = 69
    /// The system allows this user no more of what the session needs, e.g. a keyring's
    /// quota (`EX_OSERR`: a refusal of the system's own, like "cannot fork").
    case quotaExceeded = 71
    /// A file in the data folder could not be written, e.g. a full disk (`EX_CANTCREAT`).
    case cannotWrite = 73
    /// The backend asked to wait and nothing usable is cached (`EX_TEMPFAIL`).
    case temporaryFailure = 75
    /// The backend's TLS identity failed verification (`EX_PROTOCOL`).
    case serverIdentity = 76
    /// Not signed in, wrong credentials, or an expired session.
    case noPermission = 77
    /// Configuration or start-up failed.
    case configuration = 78
    /// Stopped by Ctrl-C, SIGINT (128 + 2): reached by ending by the signal, after the
    /// terminal was restored, never by `exit`, so the parent sees the signal too.
    case interrupted = 130
}

extension ProcessExitStatus {
    /// The status in the few words `--help` gives it; docs/CLI.md's table says the rest.
    public var summary: String {
        switch self {
        case .success: "done"
        case .failure: "anything else, with a message"
        case .usage: "usage"
        case .dataError: "the backend's answer could not be used"
        case .unavailable: "the backend cannot be reached and nothing usable is cached"
        case .quotaExceeded: "the system allows this user no more room for the session (a keyring's quota)"
        case .cannotWrite: "a file in the data folder could not be written (a full disk)"
        case .temporaryFailure: "the backend asked to wait and nothing usable is cached"
        case .serverIdentity: "the backend's TLS identity failed verification"
        case .noPermission: "not signed in, wrong credentials or an expired session"
        case .configuration: "configuration or start-up failed"
        case .interrupted: "interrupted by SIGINT, and 143 by SIGTERM"
        }
    }
}
