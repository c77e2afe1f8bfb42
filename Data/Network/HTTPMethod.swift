/// The HTTP methods the store API uses.
public enum HTTPMethod: String, Sendable {
    case get = "GET"
    case post = "POST"

    /// Whether repeating the request is harmless, which is what allows a retry.
    public var isIdempotent: Bool { self == .get }
}
