import Domain
import Styling

/// A `StoreError` as a person and a script meet it: one sentence that says what
/// happened and what to do, a stable kebab-case code, and the exit status of CLI.md.
public struct ErrorMessage: Equatable, Sendable {
    public let code: ErrorCode
    /// One sentence for a person, ending with what to do next.
    public let sentence: String

    public init(code: ErrorCode, sentence: String) {
        self.code = code
        self.sentence = sentence
    }

    /// The code's own: one status a code, whatever the sentence.
    public var exitStatus: ProcessExitStatus { code.exitStatus }

    /// The message for a domain error. Diagnostic details (decoding paths, library
    /// calls) are left out: they belong to `--verbose`, not to the sentence.
    public init(_ error: StoreError) {
        switch error {
        case .invalidInput(let input):
            self.init(code: .invalidInput, sentence: input.sentence)
        case .invalidCredentials:
            self.init(
                code: .invalidCredentials,
                sentence: "The username or password is wrong; check them and log in again."
            )
        case .notSignedIn:
            self.init(
                code: .notSignedIn,
                sentence: "You are not signed in; run `storefront login --username NAME` first."
            )
        case .sessionExpired:
            self.init(
                code: .sessionExpired,
                sentence: "Your session has expired; run `storefront login --username NAME` to sign in again."
            )
        case .offline:
            self.init(
                code: .offline,
                sentence: "The store cannot be reached and nothing is cached for this; check the address and try again."
            )
        case .notSent:
            self.init(
                code: .offline,
                sentence: "The store cannot be reached, so nothing was sent; check the address and try again."
            )
        case .outcomeUnknown(_, keyKept: true):
            self.init(
                code: .outcomeUnknown,
                sentence: "No answer came, so the store may have done this; run the same command again within the hour, and it will not be done twice."
            )
        case .outcomeUnknown(_, keyKept: false):
            self.init(
                code: .outcomeUnknown,
                sentence: "No answer came, so the store may have done this, and its key could not be kept here; check before running it again, or it may be done twice."
            )
        case .rateLimited(let wait):
            self.init(
                code: .rateLimited,
                sentence: "The store is limiting requests; try again \(wait.map { "in " + Self.waitText($0) } ?? "in a little while")."
            )
        case .storeFailed(let failure):
            let said = failure.theirWords.map(Self.quoted).map { $0.isEmpty ? "" : ": " + $0 } ?? ""
            self.init(
                code: .serverError,
                sentence: "The store failed (\(failure.summary)\(said)); try again later."
            )
        case .notCached:
            self.init(
                code: .notCached,
                sentence: "Nothing is cached for this yet; run it once without --offline while the store can be reached."
            )
        case .untrustedStore(let host, let reason):
            self.init(
                code: .serverIdentity,
                sentence: "The store at \(host) could not prove its identity (\(reason.summary)); "
                    + "nothing was sent. Check the address, --ca-file and --pin."
            )
        case .sealingKeyRetired(let keyID):
            self.init(
                code: .gatewayKeyRefused,
                sentence: "The store's gateway, or something on the way to it, refused the key \(TerminalText.escapingControls(keyID.summary)) "
                    + "(unknown to the gateway, or retired), and the key configuration, read again, names no other; "
                    + "get the current one (ohttp-keys) from whoever runs the store and use it with --ohttp-keys-file."
            )
        case .sealingKeyRefusedNotResent(let keyID):
            self.init(
                code: .keyRefusedNotResent,
                sentence: "The store's gateway, or something on the way to it, refused the key \(TerminalText.escapingControls(keyID.summary)); "
                    + "a login or a session renewal is never sent twice, as the first may have been served. Run the command again: it takes the key anew."
            )
        case .sealingKeyUnavailable(let why):
            self.init(
                code: .gatewayKeysUnavailable,
                sentence: "The store's gateway key configuration could not be had (\(Self.quoted(why.summary))); "
                    + "check --ohttp-keys-file, or the store's address with --ohttp-keys-from-gateway."
            )
        case .refusedAsReplay(let refusal):
            let said = refusal.theirWords.map(Self.quoted).map { $0.isEmpty ? "" : " (" + $0 + ")" } ?? ""
            self.init(
                code: .replayRefused,
                sentence: "The store refused the sealed request as a replay or for its date\(said); "
                    + "check that this computer's clock is right, then try again."
            )
        case .unusableResponse:
            self.init(
                code: .unusableResponse,
                sentence: "The store's answer could not be used; run again with --verbose for details."
            )
        case .notFound:
            self.init(code: .notFound, sentence: "No such item exists in the store.")
        case .cannotWrite(let what, let reason):
            self.init(
                code: .cannotWrite,
                sentence: "\(what.prefix(1).uppercased() + what.dropFirst()) could not be written (\(Self.quoted(reason.summary))); "
                    + "what was there before is kept. Free some space on that disk, or choose another folder with --data-dir."
            )
        case .quotaExceeded(let what, let reason):
            self.init(
                code: .quotaExceeded,
                sentence: "\(what.prefix(1).uppercased() + what.dropFirst()) could not be kept (\(Self.quoted(reason.summary))); "
                    + "what was there before is kept. Free some of your quota, or keep the session elsewhere with --session-store."
            )
        case .requestTooLarge:
            self.init(
                code: .requestTooLarge,
                sentence: "The store refused the request as too large; use a shorter username, password or search."
            )
        case .unexpected:
            self.init(
                code: .unexpected,
                sentence: "Something unexpected went wrong; run again with --verbose for details."
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
