import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `storefront status` reports: what the program would use, gathered without
/// changing anything. Plain values, so the presenter can be tested without files.
public struct StatusReport: Equatable, Sendable {
    /// Where the session is kept, as the session store tells it: whichever store, the
    /// same questions (where, is one there, who can read it). The fields of Data's
    /// `SessionStoreReport`, copied by the App: Presentation sees only Domain, so the
    /// report is handed over as plain values, as the cache's statistics are.
    public struct SessionPlace: Equatable, Sendable {
        /// The store's name: `file`, `keyring`.
        public let store: String
        /// What holds the session, in a word: `file`, `key`.
        public let holder: String
        /// A path, or a key and its keyring.
        public let location: String
        /// The access it grants as the system shows it (a mode, a key's mask); nil when
        /// no session is kept there.
        public let permissions: String?
        /// Nobody else can read it (true when nothing is kept).
        public let isPrivate: Bool
        /// What makes it private again, when it is not.
        public let fix: String?

        public init(store: String, holder: String, location: String, permissions: String?, isPrivate: Bool, fix: String?) {
            self.store = store
            self.holder = holder
            self.location = location
            self.permissions = permissions
            self.isPrivate = isPrivate
            self.fix = fix
        }
    }

    /// The cache: its folder, and what is in it.
    public struct Cache: Equatable, Sendable {
        public let folder: String
        public let entries: Int
        public let bytes: Int
        public let oldestStoredAt: Date?
        /// The limits it keeps to: `STOREFRONT_CACHE_MAX_ENTRIES`, `STOREFRONT_CACHE_MAX_BYTES`.
        public let maximumEntries: Int
        public let maximumBytes: Int

        public init(folder: String, entries: Int, bytes: Int, oldestStoredAt: Date?, maximumEntries: Int, maximumBytes: Int) {
            self.folder = folder
            self.entries = entries
            self.bytes = bytes
            self.oldestStoredAt = oldestStoredAt
            self.maximumEntries = maximumEntries
            self.maximumBytes = maximumBytes
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
    /// The HTTP stack that carries the requests, as `STOREFRONT_TRANSPORT` names it.
    public let transport: String
    /// Nil in plain mode.
    public let sealing: Sealing?
    /// The CA file to trust instead of the system's, if any.
    public let authorityFile: String?
    public let pins: [String]
    /// Who the stored session belongs to: the cached username when known, else the id.
    public let signedInAs: String?
    public let session: SessionPlace
    public let cache: Cache
    /// With `--check`: what the backend said of the session; nil without.
    public let check: SessionCheck?

    public init(
        backend: String, transport: String, sealing: Sealing?, authorityFile: String?, pins: [String],
        signedInAs: String?, session: SessionPlace, cache: Cache, check: SessionCheck? = nil
    ) {
        self.backend = backend
        self.transport = transport
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
