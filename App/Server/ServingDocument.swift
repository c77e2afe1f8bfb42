import Presentation

/// `storefront serve --json`, its first line: where it listens and how it seals.
struct ServingDocument: Encodable {
    let url: String
    let mode: String
    /// Null in plain mode, so a script finds the key the same way always.
    @NullWhenAbsent var keyFile: String?

    static func json(url: String, sealed: Bool, keyFile: String?) -> String {
        JSONDocument.encode(ServingDocument(url: url, mode: sealed ? "sealed" : "plain", keyFile: keyFile))
    }
}
