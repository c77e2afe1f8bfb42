/// `storefront serve --json`, its first line: where it listens and how it seals.
struct ServingDocument: Encodable {
    let url: String
    let mode: String
    /// The file a client gives as --ohttp-keys-file; null in plain mode, so a script
    /// finds the key configuration the same way always.
    let keyFile: String?
    /// The id of the key new clients seal to, in decimal; null in plain mode.
    let keyId: String?

    init(url: String, sealed: Bool, keyFile: String?, keyID: String?) {
        self.url = url
        self.mode = sealed ? "sealed" : "plain"
        self.keyFile = keyFile
        self.keyId = keyID
    }

    private enum CodingKeys: String, CodingKey {
        case url, mode, keyFile, keyId
    }

    /// Every key always present: `encode`, not the synthesised `encodeIfPresent`, writes
    /// an absent value as null.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(mode, forKey: .mode)
        try container.encode(keyFile, forKey: .keyFile)
        try container.encode(keyId, forKey: .keyId)
    }
}
