/// An access token as the store keeps it: its user and expiry (seconds since 1970).
public struct AccessTokenRecord: Sendable, Equatable {
    public let userID: Int
    public let expires: Int64

    public init(userID: Int, expires: Int64) {
        self.userID = userID
        self.expires = expires
    }
}
