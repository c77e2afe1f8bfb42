/// The `--json` error document, the last line on standard error when a command fails.
struct ErrorDocument: Encodable {
    struct Body: Encodable {
        let code: String
        let message: String
    }

    let error: Body

    static func json(code: String, message: String) -> String {
        JSONDocument.encode(ErrorDocument(error: .init(code: code, message: message)))
    }
}
