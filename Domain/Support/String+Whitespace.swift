extension String {
    /// The string without leading and trailing whitespace and newlines.
    ///
    /// Domain imports nothing, so it cannot use Foundation's `trimmingCharacters(in:)`;
    /// `Character.isWhitespace` covers the same Unicode whitespace and newlines.
    /// Public because the query a person reads back must be the one `SearchQuery` searched.
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// The words of the string on one line, each run of whitespace or newlines one
    /// space: how a server's message is quoted where one line is promised.
    public func foldingWhitespace() -> String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
