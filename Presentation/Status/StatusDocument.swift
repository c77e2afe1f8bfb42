/// `storefront status --json`: the settings, the session file and the cache, as found.
struct StatusDocument: Encodable {
    struct Session: Encodable {
        let path: String
        let exists: Bool
        let mode: String?
        let isPrivate: Bool
    }

    struct Cache: Encodable {
        let folder: String
        let entries: Int
        let bytes: Int
        let oldestStoredAt: String?
    }

    let backend: String
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
            mode: report.sealing == nil ? "plain" : "sealed",
            ohttpKeysSource: report.sealing?.source,
            ohttpKeyId: report.sealing?.keyID,
            ohttpRelay: report.sealing?.relay,
            caFile: report.authorityFile,
            pins: report.pins,
            signedIn: report.signedInAs != nil,
            user: report.signedInAs,
            session: .init(
                path: report.session.path, exists: report.session.mode != nil,
                mode: report.session.mode.map { String($0, radix: 8) }, isPrivate: report.session.isPrivate
            ),
            cache: .init(
                folder: report.cache.folder, entries: report.cache.entries, bytes: report.cache.bytes,
                oldestStoredAt: report.cache.oldestStoredAt?.formatted(.iso8601)
            ),
            check: report.check?.sentence
        ))
    }
}
