import RawStructuredFieldValues

/// A write's `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header section 2.1):
/// an Item whose value is a String (RFC 9651 section 3.3.3), read by
/// swift-http-structured-headers' parser, with no parameters, of 1 to 255 characters.
struct IdempotencyKey: Equatable {
    let value: String

    static let maximumLength = 255

    /// The key a header's value names; nil for anything that is not one String alone
    /// (a token, a number, a list, parameters) or one empty or longer than the limit.
    init?(header: String) {
        var parser = StructuredFieldValueParser(Array(header.utf8))
        guard let item = try? parser.parseItemFieldValue(), item.rfc9651Parameters.count == 0,
              case .string(let value) = item.rfc9651BareItem, (1...Self.maximumLength).contains(value.count) else { return nil }
        self.value = value
    }
}
