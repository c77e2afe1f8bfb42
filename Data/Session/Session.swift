/// What a signed-in client holds: the two tokens and whose they are. Opaque strings:
/// DummyJSON issues JWTs, but nothing here may depend on that.
public struct Session: Codable, Sendable, Equatable {
    public let accessToken: String
    public let refreshToken: String
    public let userID: Int

    public init(accessToken: String, refreshToken: String, userID: Int) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.userID = userID
    }
}

extension Session: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    // Tokens are secrets: a stray print or log line must not carry them.
    public var description: String { "Session(userID: \(userID), tokens: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["userID": userID]) }
}
