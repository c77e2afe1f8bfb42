/// What a token is for.
public enum TokenKind: String, Sendable {
    case access
    case refresh
}
