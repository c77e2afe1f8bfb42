import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `storefront status` reports: what the program would use, gathered without
/// changing anything. Plain values, so the presenter can be tested without files.
public struct StatusReport: Equatable, Sendable {
    /// The session file: where it is, and whether others can read it.
    public struct SessionFile: Equatable, Sendable {
        public let path: String
        /// Nil when there is no session file.
        public let mode: Int?

        public init(path: String, mode: Int?) {
            self.path = path
            self.mode = mode
        }

        /// Readable by the user alone (or absent).
        public var isPrivate: Bool { (mode ?? 0) & 0o077 == 0 }
    }

    /// The cache folder and what is in it.
    public struct Cache: Equatable, Sendable {
        public let folder: String
        public let entries: Int
        public let bytes: Int
        public let oldestStoredAt: Date?

        public init(folder: String, entries: Int, bytes: Int, oldestStoredAt: Date?) {
            self.folder = folder
            self.entries = entries
            self.bytes = bytes
            self.oldestStoredAt = oldestStoredAt
        }
    }

    /// How requests are sealed with Oblivious HTTP.
    public struct Sealing: Sendable, Equatable {
        /// Where the gateway's key configuration comes from.
        public let source: String
        /// The key id requests are sealed to, when known without a request.
        public let keyID: String?
        /// The relay the sealed requests go through, if any.
        public let relay: String?

        public init(source: String, keyID: String?, relay: String?) {
            self.source = source
            self.keyID = keyID
            self.relay = relay
        }
    }

    public let backend: String
    /// Nil in plain mode.
    public let sealing: Sealing?
    /// The CA file to trust instead of the system's, if any.
    public let authorityFile: String?
    public let pins: [String]
    /// Who the stored session belongs to: the cached username when known, else the id.
    public let signedInAs: String?
    public let session: SessionFile
    public let cache: Cache
    /// With `--check`: what the backend said of the session; nil without.
    public let check: SessionCheck?

    public init(
        backend: String, sealing: Sealing?, authorityFile: String?, pins: [String],
        signedInAs: String?, session: SessionFile, cache: Cache, check: SessionCheck? = nil
    ) {
        self.backend = backend
        self.sealing = sealing
        self.authorityFile = authorityFile
        self.pins = pins
        self.signedInAs = signedInAs
        self.session = session
        self.cache = cache
        self.check = check
    }
}

extension SessionCheck {
    /// What `status --check` says of the session, in text and in `--json` alike.
    var sentence: String {
        switch self {
        case .notSignedIn: "nothing to check: not signed in"
        case .accepted: "the backend accepts the session"
        case .unchecked(.backendBusy): "the backend asked to wait; the session is unchecked"
        case .unchecked(.backendFailed(let failure)): "the backend failed (\(failure.summary)); the session is unchecked"
        case .unchecked: "the backend cannot be reached; the session is unchecked"
        case .refused(let error): ErrorMessage(error).sentence
        }
    }
}
