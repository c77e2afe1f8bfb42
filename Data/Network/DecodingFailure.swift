/// A decoding error in one line: which field, and what was wrong with it. The
/// sentence a person reads when the store answers with a shape this client does not
/// know, so it names the field rather than quoting the body.
enum DecodingFailure {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "missing field " + (parent.isEmpty ? key.stringValue : "\(parent).\(key.stringValue)")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            return "\(path(context).isEmpty ? "body" : path(context)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}
