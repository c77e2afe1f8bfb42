import Domain
import Styling

/// A `StoreError` as a person and a script meet it: one sentence that says what
/// happened and what to do, a stable kebab-case code, and the exit status of CLI.md.
public struct ErrorMessage: Equatable, Sendable {
    /// Stable across releases: scripts match on it, so it never changes once shipped.
    public let code: String
    /// One sentence for a person, ending with what to do next.
    public let sentence: String
    public let exitStatus: ProcessExitStatus

    public init(code: String, sentence: String, exitStatus: ProcessExitStatus) {
        self.code = code
        self.sentence = sentence
        self.exitStatus = exitStatus
    }

    /// The message for a domain error. Diagnostic details (decoding paths, library
    /// calls) are left out: they belong to `--verbose`, not to the sentence.
    public init(_ error: StoreError) {
        switch error {
        case .invalidInput(let input):
            self.init(code: "invalid-input", sentence: input.sentence, exitStatus: .usage)
        case .invalidCredentials:
            self.init(
                code: "invalid-credentials",
                sentence: "The username or password is wrong; check them and log in again.",
                exitStatus: .noPermission
            )
        case .notSignedIn:
            self.init(
                code: "not-signed-in",
                sentence: "You are not signed in; run `storefront login --username NAME` first.",
                exitStatus: .noPermission
            )
        case .sessionExpired:
            self.init(
                code: "session-expired",
                sentence: "Your session has expired; run `storefront login --username NAME` to sign in again.",
                exitStatus: .noPermission
            )
        case .offline:
            self.init(
                code: "offline",
                sentence: "The store cannot be reached and nothing is cached for this; check the address and try again.",
                exitStatus: .unavailable
            )
        case .rateLimited(let wait):
            self.init(
                code: "rate-limited",
                sentence: "The store is limiting requests; try again \(wait.map { "in " + Self.waitText($0) } ?? "in a little while").",
                exitStatus: .temporaryFailure
            )
        case .storeFailed(let failure):
            let said = failure.theirWords.map(Self.quoted).map { $0.isEmpty ? "" : ": " + $0 } ?? ""
            self.init(
                code: "server-error",
                sentence: "The store failed (\(failure.summary)\(said)); try again later.",
                exitStatus: .unavailable
            )
        case .notCached:
            self.init(
                code: "not-cached",
                sentence: "Nothing is cached for this yet; run it once without --offline while the store can be reached.",
                exitStatus: .unavailable
            )
        case .untrustedStore(let host, let reason):
            self.init(
                code: "server-identity",
                sentence: "The store at \(host) could not prove its identity (\(reason.summary)); "
                    + "nothing was sent. Check the address, --ca-file and --pin.",
                exitStatus: .serverIdentity
            )
        case .sealingKeyRetired(let keyID):
            self.init(
                code: "gateway-key-refused",
                sentence: "The store's gateway, or something on the way to it, refused the key \(TerminalText.escapingControls(keyID.summary)) "
                    + "(unknown to the gateway, or retired), and the key configuration, read again, names no other; "
                    + "get the current one (ohttp-keys) from whoever runs the store and use it with --ohttp-keys-file.",
                exitStatus: .configuration
            )
        case .sealingKeyRefusedNotResent(let keyID):
            self.init(
                code: "key-refused-not-resent",
                sentence: "The store's gateway, or something on the way to it, refused the key \(TerminalText.escapingControls(keyID.summary)); "
                    + "a login or a session renewal is never sent twice, as the first may have been served. Run the command again: it takes the key anew.",
                exitStatus: .temporaryFailure
            )
        case .sealingKeyUnavailable(let why):
            self.init(
                code: "gateway-keys-unavailable",
                sentence: "The store's gateway key configuration could not be had (\(Self.quoted(why.summary))); "
                    + "check --ohttp-keys-file, or the store's address with --ohttp-keys-from-gateway.",
                exitStatus: .configuration
            )
        case .refusedAsReplay(let refusal):
            let said = refusal.theirWords.map(Self.quoted).map { $0.isEmpty ? "" : " (" + $0 + ")" } ?? ""
            self.init(
                code: "replay-refused",
                sentence: "The store refused the sealed request as a replay or for its date\(said); "
                    + "check that this computer's clock is right, then try again.",
                exitStatus: .configuration
            )
        case .unusableResponse:
            self.init(
                code: "unusable-response",
                sentence: "The store's answer could not be used; run again with --verbose for details.",
                exitStatus: .dataError
            )
        case .notFound:
            self.init(code: "not-found", sentence: "No such item exists in the store.", exitStatus: .failure)
        case .cannotWrite(let what, let reason):
            self.init(
                code: "cannot-write",
                sentence: "\(what.prefix(1).uppercased() + what.dropFirst()) could not be written (\(Self.quoted(reason.summary))); "
                    + "what was there before is kept. Free some space on that disk, or choose another folder with --data-dir.",
                exitStatus: .cannotWrite
            )
        case .quotaExceeded(let what, let reason):
            self.init(
                code: "quota-exceeded",
                sentence: "\(what.prefix(1).uppercased() + what.dropFirst()) could not be kept (\(Self.quoted(reason.summary))); "
                    + "what was there before is kept. Free some of your quota, or keep the session elsewhere with --session-store.",
                exitStatus: .quotaExceeded
            )
        case .requestTooLarge:
            self.init(
                code: "request-too-large",
                sentence: "The store refused the request as too large; use a shorter username, password or search.",
                exitStatus: .failure
            )
        case .unexpected:
            self.init(
                code: "unexpected",
                sentence: "Something unexpected went wrong; run again with --verbose for details.",
                exitStatus: .failure
            )
        }
    }

    /// A wait as a person reads it, rounded up so "try again in" is never too early.
    public static func waitText(_ wait: Duration) -> String {
        let (seconds, attoseconds) = wait.components
        let whole = seconds + (attoseconds > 0 ? 1 : 0)
        switch whole {
        case ..<120: return "\(whole) s"
        case ..<7_200: return "\((whole + 59) / 60) min"
        default: return "\((whole + 3_599) / 3_600) h"
        }
    }

    /// A server's own words inside the sentence: one line, no control character, at
    /// most `longestQuote` characters (CLI.md). It is untrusted text.
    static func quoted(_ message: String) -> String {
        let oneLine = message.foldingWhitespace()
        let escaped = TerminalText.escapingControls(oneLine)
        guard escaped.count > longestQuote else { return escaped }
        return String(escaped.prefix(longestQuote - 1)) + "…"
    }

    static let longestQuote = 200
}

extension InvalidInput {
    /// The sentence for input the domain refused, `The query must be between 1 and 100
    /// characters.`: the one spelling, for an error report and a command's usage error.
    public var sentence: String { "The \(field) \(reason)." }
}
