/// `storefront serve --json`, its first line: where it listens, how it seals, and where
/// it keeps its sessions and replay memory.
struct ServingDocument: Encodable {
    let url: String
    let mode: String
    /// The store's kind (`sqlite` or `postgresql`) and its database (the file, or the
    /// URI without its password).
    let store: String
    let database: String
    /// The file a client gives as --ohttp-keys-file; null in plain mode, so a script
    /// finds the key configuration the same way always.
    let keyFile: String?
    /// The id of the key new clients seal to, in decimal; null in plain mode.
    let keyId: String?

    init(url: String, sealed: Bool, keyFile: String?, keyID: String?, store: String, database: String) {
        self.url = url
        self.mode = sealed ? "sealed" : "plain"
        self.store = store
        self.database = database
        self.keyFile = keyFile
        self.keyId = keyID
    }

    private enum CodingKeys: String, CodingKey {
        case url, mode, keyFile, keyId, store, database
    }

    /// Every key always present: `encode`, not the synthesised `encodeIfPresent`, writes
    /// an absent value as null.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(mode, forKey: .mode)
        try container.encode(keyFile, forKey: .keyFile)
        try container.encode(keyId, forKey: .keyId)
        try container.encode(store, forKey: .store)
        try container.encode(database, forKey: .database)
    }
}
