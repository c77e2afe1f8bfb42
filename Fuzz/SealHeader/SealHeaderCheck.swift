import Infrastructure

/// One fuzz input read as a `Storefront-Seal` field value, as either side reads the
/// header of every sealed message. A crash, a hang, or a broken rule below is a finding:
/// - what parses is version 2, names a well-formed key id, and has a 12-byte nonce or
///   a refusal;
/// - writing what parsed and parsing that again gives the same header, so the values
///   the associated data is built from have one reading, whatever a proxy rewrites;
/// - the fast reading of a header as our programs write it agrees with RFC 9651's
///   grammar whenever it reads one at all.
enum SealHeaderCheck {
    static func run(_ input: UnsafeRawBufferPointer) {
        let text = String(decoding: input, as: UTF8.self)
        if let written = SealHeader.asWritten(text) {
            let grammar = try? SealHeader.parsedByGrammar(text)
            precondition(grammar == written, "the fast reading gave \(written), the grammar \(String(describing: grammar))")
        }
        let header: SealHeader
        do {
            header = try SealHeader(parsing: text)
        } catch {
            return
        }
        precondition(header.version == SealHeader.currentVersion, "parsed version \(header.version)")
        precondition(PayloadKey.isValidID(header.keyID), "parsed a malformed key id")
        precondition(header.nonce?.bytes.count ?? 12 == 12, "parsed a nonce of another length")
        precondition(header.nonce != nil || header.refusal != nil, "parsed neither nonce nor refusal")
        guard let again = try? SealHeader(parsing: header.fieldValue) else { preconditionFailure("its own field value does not parse") }
        precondition(again == header, "writing and reading it again changed it")
    }
}
