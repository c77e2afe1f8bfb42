import Presentation

/// `storefront serve --json`, its first line: where it listens and how it seals.
struct ServingDocument: Encodable {
    let url: String
    let mode: String
    /// The file a client gives as --ohttp-keys-file; null in plain mode, so a script
    /// finds the key configuration the same way always.
    @NullWhenAbsent var keyFile: String?
    /// The id of the key new clients seal to, in decimal; null in plain mode.
    @NullWhenAbsent var keyId: String?

    static func json(url: String, sealed: Bool, keyFile: String?, keyID: String?) -> String {
        JSONDocument.encode(ServingDocument(url: url, mode: sealed ? "sealed" : "plain", keyFile: keyFile, keyId: keyID))
    }
}
