/// `storefront status --json`: the settings, the session store and the cache, as found.
struct StatusDocument: Encodable {
    /// Where the session is kept, the same keys for every store.
    struct Session: Encodable {
        let store: String
        let location: String
        let exists: Bool
        let permissions: String?
        let isPrivate: Bool
    }

    struct Cache: Encodable {
        let folder: String
        let entries: Int
        let bytes: Int
        let oldestStoredAt: String?
        let maximumEntries: Int
        let maximumBytes: Int
    }

    let backend: String
    let transport: String
    let mode: String
    /// Where the gateway's key configuration comes from; null in plain mode.
    let ohttpKeysSource: String?
    /// The key id requests are sealed to; null in plain mode, or when taken from the gateway.
    let ohttpKeyId: String?
    /// The Oblivious HTTP relay, if any.
    let ohttpRelay: String?
    let caFile: String?
    let pins: [String]
    let signedIn: Bool
    let user: String?
    let session: Session
    let cache: Cache
    let check: String?

    static func json(_ report: StatusReport) -> String {
        JSONDocument.encode(StatusDocument(
            backend: report.backend,
            transport: report.transport,
            mode: report.sealing == nil ? "plain" : "sealed",
            ohttpKeysSource: report.sealing?.source,
            ohttpKeyId: report.sealing?.keyID,
            ohttpRelay: report.sealing?.relay,
            caFile: report.authorityFile,
            pins: report.pins,
            signedIn: report.signedInAs != nil,
            user: report.signedInAs,
            session: .init(
                store: report.session.store, location: report.session.location, exists: report.session.permissions != nil,
                permissions: report.session.permissions, isPrivate: report.session.isPrivate
            ),
            cache: .init(
                folder: report.cache.folder, entries: report.cache.entries, bytes: report.cache.bytes,
                oldestStoredAt: report.cache.oldestStoredAt?.formatted(.iso8601),
                maximumEntries: report.cache.maximumEntries, maximumBytes: report.cache.maximumBytes
            ),
            check: report.check?.sentence
        ))
    }
}
