/// A write's `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header section 2.1):
/// a Structured Field String (RFC 9651 section 3.3.3), `"…"` with `\"` and `\\` escaped,
/// of 1 to 255 printable ASCII characters once read.
struct IdempotencyKey: Equatable {
    let value: String

    static let maximumLength = 255

    /// The key a header's value names; nil for anything that is not one String alone
    /// (a token, a number, a list, parameters) or one empty or longer than the limit.
    init?(header: String) {
        var text = Substring(header)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
        var value = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            guard let ascii = character.asciiValue, (0x20...0x7E).contains(ascii) else { return nil }
            if escaped {
                guard character == "\"" || character == "\\" else { return nil }
                value.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return nil
            } else {
                value.append(character)
            }
        }
        guard !escaped, (1...Self.maximumLength).contains(value.count) else { return nil }
        self.value = value
    }
}
